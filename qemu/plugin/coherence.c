// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * coherence.so: a QEMU TCG plugin that counts the cache lines guest CPUs
 * pass between them, the cost a big-reader lock exists to remove and the
 * one that neither an instruction count (exact.so) nor TCG's time shows.
 * It is a directory model of coherent private caches, as a snoop filter
 * keeps one: for every 64-byte physical line, which vCPUs hold a copy and
 * which one modified it last. No cache size, no eviction: a line stays in
 * a cache until another CPU's store invalidates it, so what it counts is
 * what sharing costs, not what capacity does.
 *
 *   qemu-system-x86_64 ... -plugin coherence.so,out=FILE[,timer=ADDR][,wlines=N]
 *
 * Counted, for accesses made while a window is open:
 *
 *   transfer      an access (load or store) by one vCPU to a line another
 *                 vCPU modified since: perf c2c's HITM, a cache-to-cache
 *                 transfer of a dirty line
 *   invalidation  a store to a line other vCPUs hold a copy of
 *
 * A guest atomic read-modify-write arrives as a load and then a store: an
 * increment of a line the previous CPU incremented is one transfer and
 * one invalidation.
 *
 * Windows are global: the marker that opens one (exact.so's, from
 * guest-rootfs/src/exact-marker.h) on any vCPU starts counting every
 * vCPU's accesses, the closing marker on any vCPU stops it; a second
 * opening marker inside a window is ignored. The directory follows every
 * access from the first window's opening on (lines first touched after
 * it start in no cache), windows or not, so a window's counts see what
 * happened between windows.
 *
 *   nopl 0x45584301(%rax)   opens a window (exact.so's start marker)
 *   nopl 0x45584302(%rax)   closes it
 *   nopl 0x45584303(%rax)   the line that this vCPU's next access
 *                           touches is ignored from then on, by every
 *                           vCPU: a lockstep harness's turn, which would
 *                           otherwise be a transfer a handover
 *   nopl 0x45584304(%rax)   the line of this vCPU's next access is
 *                           counted again (the harness is done with it)
 *   nopl 0x45584305(%rax)   this vCPU's accesses are not counted from
 *                           here (the directory still follows them)...
 *   nopl 0x45584306(%rax)   ...to here: a window that counts what the
 *                           other CPUs pay for this one's work
 *
 * With wlines=N a window record lists its N busiest lines (default 8).
 *
 * With timer=ADDR (the guest's local APIC timer vector entry,
 * asm_sysvec_apic_timer_interrupt in System.map, nokaslr), a vCPU's
 * accesses from that entry to its next iretq or sysretq are the timer
 * interrupt's (the tick, hrtimers and the softirqs run on its exit), and
 * are counted apart, as timer_transfers and timer_invalidations, not in
 * the window's lines: under TCG guest time runs with the host's clock, so
 * the slower the emulation (more vCPUs in one host thread) the more ticks
 * land in each operation, and their lines (jiffies_64, tk_core, the RCU
 * state) say nothing of the code measured. The directory still follows
 * them. An interrupt nested in the timer's softirqs ends this early
 * at its own iretq: what follows is counted as the window's.
 *
 * Output, FILE:
 *
 *   coherence VCPUS vcpus line 64
 *   window SEQ vcpu V transfers T invalidations I loads L stores S
 *          timer_transfers T timer_invalidations I
 *     wline PHYS VADDR transfers T invalidations I cpus MASK site PC
 *                            (the window's lines with the most traffic, 8
 *                            or wlines=N of them)
 *   ...
 *   line PHYS VADDR transfers T invalidations I loads L stores S cpus MASK
 *     cpu C wrote BYTEMASK touched BYTEMASK
 *     offset O size Z transfers T invalidations I loads L stores S cpus MASK
 *       site PC transfers T loads L stores S
 *
 * The line records come at exit, for every line with a transfer or an
 * invalidation in any window: VADDR is the first virtual address it was
 * seen at, MASK a hex mask of vCPUs, BYTEMASK of the line's 64 bytes
 * (bit N = byte N), PC the instruction's virtual address (scripts/
 * c2c-report names them through a System.map). At most 64 vCPUs.
 *
 * Exact on single-threaded TCG (accel tcg,thread=single): one vCPU runs
 * at a time, so the order of accesses is the order of execution, and an
 * x86 PAUSE ends a vCPU's turn, so CPUs that hand over with cpu_relax()
 * interleave at every handover. Multi-threaded TCG runs vCPUs at once:
 * the model then sees a real interleaving, one of many, and serialises
 * the accesses to a line with a lock.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markers.h"
#include "qemu-plugin-api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;


#define LINE_SHIFT	6
#define LINE_SIZE	(1u << LINE_SHIFT)
#define MAX_VCPUS	64
/* Lines a chunk of the directory; chunks are allocated as touched. */
#define CHUNK_SHIFT	16
#define CHUNK_LINES	(1u << CHUNK_SHIFT)
/* Physical addresses up to 1 TiB: 2^40 / 2^(6 + 16) chunks. */
#define NR_CHUNKS	(1u << (40 - LINE_SHIFT - CHUNK_SHIFT))
#define NR_STRIPES	1024
#define SITES		4

/* Where an access was made at: one a memory instruction. */
struct site {
	uint64_t	pc;
};

struct site_count {
	uint64_t	pc;
	uint64_t	transfers, loads, stores;
};

/* What one offset of a line saw (an offset: the access's first byte). */
struct offset {
	uint8_t		off, size;
	uint64_t	transfers, invalidations, loads, stores, cpus;
	struct site_count sites[SITES];
};

struct cpu_bytes {
	uint8_t		cpu;
	uint64_t	wrote, touched;
};

/* A line's record, made at its first access in a window. */
struct stats {
	uint64_t	phys, vaddr;
	uint64_t	transfers, invalidations, loads, stores, cpus;
	struct offset	*offs;
	uint32_t	nr_offs;
	struct cpu_bytes *bytes;
	uint32_t	nr_bytes;
	/* The open window's share, reset when a new window first counts. */
	uint64_t	win_seq;
	uint64_t	win_transfers, win_invalidations, win_cpus, win_pc;
};

/* The directory's entry for a line. */
struct line {
	uint64_t	holders;	/* vCPUs with a copy */
	uint8_t		owner;		/* 1 + the vCPU that modified it last, 0 */
	uint8_t		ignored;	/* named by MARK_IGNORE */
	uint32_t	stats;		/* 1 + index in @stats, 0: none yet */
};

struct vcpu {
	/* The next access names a line to ignore (1) or count again (-1). */
	int		name_ignored;
	int		muted;
	/* Inside the timer interrupt (timer=ADDR). */
	int		in_timer;
	uint64_t	transfers, invalidations, loads, stores;
	uint64_t	timer_transfers, timer_invalidations;
};

static struct line *chunks[NR_CHUNKS];
static pthread_mutex_t chunk_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t stripes[NR_STRIPES];

static struct stats *stats;
static uint32_t nr_stats, max_stats;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static struct vcpu vcpus[MAX_VCPUS];
static int nr_vcpus;
static FILE *out;

/* Window state: armed from the first window on, counting inside one. */
static int armed, counting;
/* The timer vector's entry (timer=ADDR), 0: the timer is counted in. */
static uint64_t timer_entry;
/* The lines a window record lists (wlines=N). */
static unsigned long window_top = 8;
static uint64_t win_seq;
static unsigned int win_vcpu;
/* A window's counts: what totals() sums over the vCPUs. */
#define NR_TOTALS	6
static uint64_t win_base[NR_TOTALS];
static uint32_t *win_lines;
static uint32_t nr_win_lines, max_win_lines;
static pthread_mutex_t win_lock = PTHREAD_MUTEX_INITIALIZER;

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		fprintf(stderr, "coherence.so: out of memory\n");
		abort();
	}
	return p;
}

static struct line *line_of(uint64_t nr)
{
	uint64_t c = nr >> CHUNK_SHIFT;
	struct line *chunk;

	if (c >= NR_CHUNKS)
		return NULL;
	chunk = __atomic_load_n(&chunks[c], __ATOMIC_ACQUIRE);
	if (!chunk) {
		pthread_mutex_lock(&chunk_lock);
		chunk = chunks[c];
		if (!chunk) {
			chunk = xrealloc(NULL, CHUNK_LINES * sizeof(*chunk));
			memset(chunk, 0, CHUNK_LINES * sizeof(*chunk));
			__atomic_store_n(&chunks[c], chunk, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&chunk_lock);
	}
	return &chunk[nr & (CHUNK_LINES - 1)];
}

/*
 * The line's record, made on its first counted access (its stripe and
 * stats_lock held: @stats moves when it grows).
 */
static struct stats *stats_of(struct line *l, uint64_t phys, uint64_t vaddr)
{
	struct stats *s;

	if (!l->stats) {
		if (nr_stats == max_stats) {
			max_stats = max_stats ? 2 * max_stats : 4096;
			stats = xrealloc(stats, max_stats * sizeof(*stats));
		}
		s = &stats[nr_stats];
		memset(s, 0, sizeof(*s));
		s->phys = phys & ~(uint64_t)(LINE_SIZE - 1);
		s->vaddr = vaddr;
		l->stats = ++nr_stats;
	}
	return &stats[l->stats - 1];
}

static struct offset *offset_of(struct stats *s, unsigned int off, unsigned int size)
{
	uint32_t i;

	for (i = 0; i < s->nr_offs; i++)
		if (s->offs[i].off == off && s->offs[i].size == size)
			return &s->offs[i];
	s->offs = xrealloc(s->offs, (s->nr_offs + 1) * sizeof(*s->offs));
	memset(&s->offs[s->nr_offs], 0, sizeof(*s->offs));
	s->offs[s->nr_offs].off = off;
	s->offs[s->nr_offs].size = size;
	return &s->offs[s->nr_offs++];
}

static struct cpu_bytes *bytes_of(struct stats *s, unsigned int cpu)
{
	uint32_t i;

	for (i = 0; i < s->nr_bytes; i++)
		if (s->bytes[i].cpu == cpu)
			return &s->bytes[i];
	s->bytes = xrealloc(s->bytes, (s->nr_bytes + 1) * sizeof(*s->bytes));
	memset(&s->bytes[s->nr_bytes], 0, sizeof(*s->bytes));
	s->bytes[s->nr_bytes].cpu = cpu;
	return &s->bytes[s->nr_bytes++];
}

static void site_add(struct offset *o, uint64_t pc, int transfer, int store)
{
	int i;

	for (i = 0; i < SITES; i++) {
		struct site_count *c = &o->sites[i];

		if (c->pc && c->pc != pc)
			continue;
		c->pc = pc;
		c->transfers += transfer;
		c->loads += !store;
		c->stores += store;
		return;
	}
	/* More sites than kept: the offset's totals still count the access. */
}

/* What a counted access adds to its line's record. */
static void record(struct line *l, uint64_t phys, uint64_t vaddr, unsigned int cpu,
		   unsigned int off, unsigned int size, int store, int transfer,
		   int invalidation, uint64_t pc)
{
	uint64_t bit = 1ull << cpu;
	uint64_t bytes = (size >= 64 ? ~0ull : ((1ull << size) - 1)) << off;
	struct stats *s;
	struct offset *o;
	struct cpu_bytes *b;

	pthread_mutex_lock(&stats_lock);
	s = stats_of(l, phys, vaddr);
	s->transfers += transfer;
	s->invalidations += invalidation;
	s->loads += !store;
	s->stores += store;
	s->cpus |= bit;
	o = offset_of(s, off, size);
	o->transfers += transfer;
	o->invalidations += invalidation;
	o->loads += !store;
	o->stores += store;
	o->cpus |= bit;
	site_add(o, pc, transfer, store);
	b = bytes_of(s, cpu);
	b->touched |= bytes;
	if (store)
		b->wrote |= bytes;
	if (transfer || invalidation) {
		if (s->win_seq != win_seq + 1) {
			s->win_seq = win_seq + 1;
			s->win_transfers = s->win_invalidations = s->win_cpus = 0;
			s->win_pc = pc;
			if (nr_win_lines == max_win_lines) {
				max_win_lines = max_win_lines ? 2 * max_win_lines : 1024;
				win_lines = xrealloc(win_lines, max_win_lines * sizeof(*win_lines));
			}
			win_lines[nr_win_lines++] = l->stats - 1;
		}
		s->win_transfers += transfer;
		s->win_invalidations += invalidation;
		s->win_cpus |= bit;
	}
	pthread_mutex_unlock(&stats_lock);
}

/* One access to one line: the directory's transition, then the counts. */
static void line_access(unsigned int cpu, uint64_t phys, uint64_t vaddr,
			unsigned int size, int store, uint64_t pc)
{
	uint64_t nr = phys >> LINE_SHIFT, bit = 1ull << cpu;
	pthread_spinlock_t *stripe = &stripes[nr % NR_STRIPES];
	struct line *l = line_of(nr);
	int transfer, invalidation, count;

	if (!l)
		return;
	pthread_spin_lock(stripe);
	if (vcpus[cpu].name_ignored) {
		l->ignored = vcpus[cpu].name_ignored > 0;
		vcpus[cpu].name_ignored = 0;
		l->holders = 0;
		l->owner = 0;
	}
	if (l->ignored) {
		pthread_spin_unlock(stripe);
		return;
	}
	/* Modified in another CPU's cache since this CPU had it: HITM. */
	transfer = l->owner && l->owner != cpu + 1;
	invalidation = store && (l->holders & ~bit);
	if (store) {
		l->holders = bit;
		l->owner = cpu + 1;
	} else {
		if (transfer)
			l->owner = 0;	/* written back: shared now */
		l->holders |= bit;
	}
	count = __atomic_load_n(&counting, __ATOMIC_RELAXED) && !vcpus[cpu].muted;
	if (count && vcpus[cpu].in_timer) {
		vcpus[cpu].timer_transfers += transfer;
		vcpus[cpu].timer_invalidations += invalidation;
	} else if (count) {
		struct vcpu *v = &vcpus[cpu];

		v->transfers += transfer;
		v->invalidations += invalidation;
		v->loads += !store;
		v->stores += store;
		record(l, phys, vaddr, cpu, phys & (LINE_SIZE - 1), size, store,
		       transfer, invalidation, pc);
	}
	pthread_spin_unlock(stripe);
}

static void mem_cb(unsigned int cpu, qemu_plugin_meminfo_t info, uint64_t vaddr,
		   void *udata)
{
	struct site *site = udata;
	struct qemu_plugin_hwaddr *hw;
	unsigned int size = 1u << qemu_plugin_mem_size_shift(info);
	int store = qemu_plugin_mem_is_store(info);
	uint64_t phys, end;

	if (cpu >= (unsigned int)nr_vcpus ||
	    (!__atomic_load_n(&armed, __ATOMIC_RELAXED) && !vcpus[cpu].name_ignored))
		return;
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw || qemu_plugin_hwaddr_is_io(hw))
		return;
	phys = qemu_plugin_hwaddr_phys_addr(hw);
	end = phys + size - 1;
	if ((phys >> LINE_SHIFT) == (end >> LINE_SHIFT)) {
		line_access(cpu, phys, vaddr, size, store, site->pc);
		return;
	}
	/*
	 * An access split across two lines counts on both, the second taken
	 * to follow the first in physical memory: true inside a page, which
	 * is where the kernel's and a program's split accesses are.
	 */
	line_access(cpu, phys, vaddr, LINE_SIZE - (phys & (LINE_SIZE - 1)), store, site->pc);
	line_access(cpu, end & ~(uint64_t)(LINE_SIZE - 1),
		    vaddr + LINE_SIZE - (phys & (LINE_SIZE - 1)),
		    (end & (LINE_SIZE - 1)) + 1, store, site->pc);
}

static void totals(uint64_t t[NR_TOTALS])
{
	int i, j;

	memset(t, 0, NR_TOTALS * sizeof(*t));
	for (i = 0; i < nr_vcpus; i++) {
		const uint64_t *c[NR_TOTALS] = {
			&vcpus[i].transfers, &vcpus[i].invalidations, &vcpus[i].loads,
			&vcpus[i].stores, &vcpus[i].timer_transfers, &vcpus[i].timer_invalidations,
		};

		for (j = 0; j < NR_TOTALS; j++)
			t[j] += __atomic_load_n(c[j], __ATOMIC_RELAXED);
	}
}

static int by_window_traffic(const void *a, const void *b)
{
	const struct stats *x = &stats[*(const uint32_t *)a];
	const struct stats *y = &stats[*(const uint32_t *)b];
	uint64_t tx = x->win_transfers + x->win_invalidations;
	uint64_t ty = y->win_transfers + y->win_invalidations;

	return tx < ty ? 1 : tx > ty ? -1 : (x->phys > y->phys) - (x->phys < y->phys);
}

static void window_close(void)
{
	uint64_t t[NR_TOTALS];
	uint32_t i;

	totals(t);
	pthread_mutex_lock(&stats_lock);
	fprintf(out, "window %" PRIu64 " vcpu %u transfers %" PRIu64 " invalidations %" PRIu64
		" loads %" PRIu64 " stores %" PRIu64 " timer_transfers %" PRIu64
		" timer_invalidations %" PRIu64 "\n", win_seq, win_vcpu,
		t[0] - win_base[0], t[1] - win_base[1], t[2] - win_base[2], t[3] - win_base[3],
		t[4] - win_base[4], t[5] - win_base[5]);
	qsort(win_lines, nr_win_lines, sizeof(*win_lines), by_window_traffic);
	for (i = 0; i < nr_win_lines && i < window_top; i++) {
		struct stats *s = &stats[win_lines[i]];

		fprintf(out, "  wline 0x%" PRIx64 " 0x%" PRIx64 " transfers %" PRIu64
			" invalidations %" PRIu64 " cpus %" PRIx64 " site 0x%" PRIx64 "\n",
			s->phys, s->vaddr, s->win_transfers, s->win_invalidations,
			s->win_cpus, s->win_pc);
	}
	nr_win_lines = 0;
	fflush(out);
	pthread_mutex_unlock(&stats_lock);
}

static void mark_cb(unsigned int cpu, void *udata)
{
	uint32_t mark = (uint32_t)(uintptr_t)udata;

	if (cpu >= (unsigned int)nr_vcpus)
		return;
	if (mark == MARK_MUTE || mark == MARK_UNMUTE) {
		vcpus[cpu].muted = mark == MARK_MUTE;
		return;
	}
	if (mark == MARK_IGNORE || mark == MARK_UNIGNORE) {
		vcpus[cpu].name_ignored = mark == MARK_IGNORE ? 1 : -1;
		return;
	}
	pthread_mutex_lock(&win_lock);
	if (mark == MARK_START && !counting) {
		totals(win_base);
		win_vcpu = cpu;
		__atomic_store_n(&armed, 1, __ATOMIC_RELAXED);
		__atomic_store_n(&counting, 1, __ATOMIC_RELAXED);
	} else if (mark == MARK_STOP && counting) {
		__atomic_store_n(&counting, 0, __ATOMIC_RELAXED);
		window_close();
		win_seq++;
	}
	pthread_mutex_unlock(&win_lock);
}

/* The timer vector's entry (udata 1), or an iretq or sysretq (0). */
static void timer_cb(unsigned int cpu, void *udata)
{
	if (cpu < (unsigned int)nr_vcpus)
		vcpus[cpu].in_timer = udata != NULL;
}

/* iretq (48 cf) and sysretq (48 0f 07): the ways out of an interrupt. */
static int is_return(const uint8_t *b, size_t size)
{
	return (size == 2 && b[0] == 0x48 && b[1] == 0xcf) ||
	       (size == 3 && b[0] == 0x48 && b[1] == 0x0f && b[2] == 0x07);
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;

	(void)id;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint32_t mark = marker_of(qemu_plugin_insn_data(insn),
					  qemu_plugin_insn_size(insn));
		uint64_t pc = qemu_plugin_insn_vaddr(insn);
		struct site *site;

		if (timer_entry && (pc == timer_entry ||
				    is_return(qemu_plugin_insn_data(insn), qemu_plugin_insn_size(insn))))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, timer_cb, QEMU_PLUGIN_CB_NO_REGS,
							       (void *)(uintptr_t)(pc == timer_entry));
		if (mark) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_cb, QEMU_PLUGIN_CB_NO_REGS,
							       (void *)(uintptr_t)mark);
			continue;
		}
		/* Never freed: QEMU may run this block until it exits. */
		site = xrealloc(NULL, sizeof(*site));
		site->pc = pc;
		qemu_plugin_register_vcpu_mem_cb(insn, mem_cb, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, site);
	}
}

static void print_line(const struct stats *s)
{
	uint32_t i;
	int j;

	fprintf(out, "line 0x%" PRIx64 " 0x%" PRIx64 " transfers %" PRIu64 " invalidations %"
		PRIu64 " loads %" PRIu64 " stores %" PRIu64 " cpus %" PRIx64 "\n", s->phys,
		s->vaddr, s->transfers, s->invalidations, s->loads, s->stores, s->cpus);
	for (i = 0; i < s->nr_bytes; i++)
		fprintf(out, "  cpu %u wrote %" PRIx64 " touched %" PRIx64 "\n", s->bytes[i].cpu,
			s->bytes[i].wrote, s->bytes[i].touched);
	for (i = 0; i < s->nr_offs; i++) {
		const struct offset *o = &s->offs[i];

		fprintf(out, "  offset %u size %u transfers %" PRIu64 " invalidations %" PRIu64
			" loads %" PRIu64 " stores %" PRIu64 " cpus %" PRIx64 "\n", o->off, o->size,
			o->transfers, o->invalidations, o->loads, o->stores, o->cpus);
		for (j = 0; j < SITES && o->sites[j].pc; j++)
			fprintf(out, "    site 0x%" PRIx64 " transfers %" PRIu64 " loads %" PRIu64
				" stores %" PRIu64 "\n", o->sites[j].pc, o->sites[j].transfers,
				o->sites[j].loads, o->sites[j].stores);
	}
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	uint32_t i;

	(void)id;
	(void)udata;
	pthread_mutex_lock(&win_lock);
	if (counting) {
		/* The guest ended inside a window: it counts up to here. */
		__atomic_store_n(&counting, 0, __ATOMIC_RELAXED);
		window_close();
		win_seq++;
	}
	pthread_mutex_unlock(&win_lock);
	pthread_mutex_lock(&stats_lock);
	for (i = 0; i < nr_stats; i++)
		if (stats[i].transfers || stats[i].invalidations)
			print_line(&stats[i]);
	fprintf(out, "end windows %" PRIu64 " lines %u\n", win_seq, nr_stats);
	fflush(out);
	pthread_mutex_unlock(&stats_lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		char *end;

		if (!strncmp(argv[i], "out=", 4)) {
			path = argv[i] + 4;
		} else if (!strncmp(argv[i], "timer=", 6)) {
			errno = 0;
			timer_entry = strtoull(argv[i] + 6, &end, 0);
			if (errno || end == argv[i] + 6 || *end || !timer_entry) {
				fprintf(stderr, "coherence.so: timer=%s: not an address\n", argv[i] + 6);
				return -1;
			}
		} else if (!strncmp(argv[i], "wlines=", 7)) {
			errno = 0;
			window_top = strtoul(argv[i] + 7, &end, 10);
			if (errno || end == argv[i] + 7 || *end || !window_top) {
				fprintf(stderr, "coherence.so: wlines=%s: not a count\n", argv[i] + 7);
				return -1;
			}
		} else {
			fprintf(stderr, "coherence.so: unknown argument '%s' (out=FILE [timer=ADDR] [wlines=N])\n",
				argv[i]);
			return -1;
		}
	}
	if (!path || !*path) {
		fprintf(stderr, "coherence.so: out=FILE is required\n");
		return -1;
	}
	if (!info->system_emulation) {
		fprintf(stderr, "coherence.so: system emulation only\n");
		return -1;
	}
	nr_vcpus = info->system.max_vcpus;
	if (nr_vcpus > MAX_VCPUS) {
		fprintf(stderr, "coherence.so: %d vCPUs; the directory holds at most %d\n",
			nr_vcpus, MAX_VCPUS);
		return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "coherence.so: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (i = 0; i < NR_STRIPES; i++)
		pthread_spin_init(&stripes[i], PTHREAD_PROCESS_PRIVATE);
	fprintf(out, "coherence %d vcpus line %u\n", nr_vcpus, LINE_SIZE);
	fflush(out);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
