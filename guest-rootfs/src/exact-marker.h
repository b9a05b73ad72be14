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

#endif
