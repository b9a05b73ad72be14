/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The markers of qemu/plugin/exact.c: no-op instructions that open and
 * close a window in which the plugin counts what this vCPU executes. Keep
 * the displacements in step with MARK_START and MARK_STOP there (and with
 * the brlock_bench module's); tests/27-exact.t checks that they agree.
 * Outside the plugin they cost one nop each.
 */
#ifndef EXACT_MARKER_H
#define EXACT_MARKER_H

/* The instructions, for an asm statement that holds the whole window. */
#define EXACT_START_ASM	"nopl 0x45584301(%%rax)\n"
#define EXACT_STOP_ASM	"nopl 0x45584302(%%rax)\n"

#define EXACT_START()	__asm__ volatile(EXACT_START_ASM ::: "memory")
#define EXACT_STOP()	__asm__ volatile(EXACT_STOP_ASM ::: "memory")

/*
 * qemu/plugin/coherence.c's: the line that holds *P is ignored from here
 * on, by every CPU (a lockstep harness's turn, which would otherwise be a
 * transfer a handover). The marker names the line through the load that
 * follows it; EXACT_COUNT_LINE(P) counts it again. exact.so does not
 * know them and counts them as the nops they are.
 */
#define EXACT_IGNORE_LINE(p)	__asm__ volatile("nopl 0x45584303(%%rax)\n"	\
						 "movzbl %0, %%eax\n"		\
						 :: "m"(*(const volatile char *)(p))	\
						 : "rax", "memory")
#define EXACT_COUNT_LINE(p)	__asm__ volatile("nopl 0x45584304(%%rax)\n"	\
						 "movzbl %0, %%eax\n"		\
						 :: "m"(*(const volatile char *)(p))	\
						 : "rax", "memory")

/*
 * coherence.c's too: this CPU's accesses between EXACT_MUTE() and
 * EXACT_UNMUTE() are not counted (the plugin's directory still follows
 * them), so that a window counts what the other CPUs pay for its work.
 */
#define EXACT_MUTE()	__asm__ volatile("nopl 0x45584305(%%rax)\n" ::: "memory")
#define EXACT_UNMUTE()	__asm__ volatile("nopl 0x45584306(%%rax)\n" ::: "memory")

#endif
