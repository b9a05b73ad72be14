// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exact.so: a QEMU TCG plugin that counts the guest instructions, and the
 * atomic read-modify-write ones among them, that one vCPU executes between
 * two marker instructions. Time under TCG swings by 10% from run to run;
 * the instructions a guest executes for an operation do not: this is the
 * lab's exact ruler, as cachegrind is the compilers'.
 *
 *   qemu-system-x86_64 ... -plugin exact.so,out=FILE[,funcs=on]
 *
 * The markers are no-ops a guest program or kernel module places around a
 * loop it wants measured; the plugin recognises them by their bytes when
 * it translates them:
 *
 *   nopl 0x45584301(%rax)   0f 1f 80 01 43 58 45   opens a window
 *   nopl 0x45584302(%rax)   0f 1f 80 02 43 58 45   closes it
 *
 * (guest-rootfs/src/exact-marker.h and the brlock_bench module emit them;
 * qemu/plugin/markers.h recognises them.)
 * A window belongs to the vCPU that opened it, so the measured code must
 * stay on one CPU between the two markers (pin it). It counts everything
 * that vCPU executes in between, user and kernel, interrupts included:
 * take several windows and keep the smallest.
 *
 * Output, FILE, one line a window in the order the windows closed:
 *
 *   window SEQ vcpu V insns N locked L
 *
 * N excludes both markers. L counts LOCK-prefixed instructions and XCHG
 * with a memory operand (implicitly locked): the atomics. With funcs=on,
 * each window line is followed by the window's instructions by
 * translation block, "tb VADDR N", for attribution to functions through
 * a System.map (scripts/exact-report).
 *
 * Exact on single-threaded TCG (accel tcg,thread=single); with 1 vCPU a
 * Linux guest patches the LOCK prefixes out of its atomics, so count
 * atomics with 2 vCPUs or more. Counting is per translation block, at its
 * entry: a block left early by an exception (a page fault in its middle)
 * counts whole; the measured loops are warm and take none.
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


/* What a translation block adds to its vCPU's counts at each execution. */
struct tb_info {
	uint64_t	vaddr;
	uint32_t	insns;
	uint32_t	locked;
};

/*
 * A marker, and what its block adds after it: the block's counts are
 * added at its entry, so a marker takes back what follows it.
 */
struct mark_info {
	struct tb_info	*tb;
	int		start;
	uint32_t	insns_after;
	uint32_t	locked_after;
};

/* Translation blocks of the open window, by address (funcs=on). */
#define TB_SLOTS	(1u << 16)

struct tb_count {
	uint64_t	vaddr;
	uint64_t	insns;
	int		taken;
};

struct vcpu {
	uint64_t	insns;
	uint64_t	locked;
	int		open;
	uint64_t	open_insns;
	uint64_t	open_locked;
	struct tb_count	*tbs;		/* TB_SLOTS, when funcs=on */
	uint32_t	*used;		/* slots of @tbs in use */
	uint32_t	nr_used;
	int		tb_overflow;
};

static struct vcpu *vcpus;
static int nr_vcpus;
static int funcs;
static FILE *out;
static uint64_t seq;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static struct vcpu *vcpu_of(unsigned int index)
{
	return index < (unsigned int)nr_vcpus ? &vcpus[index] : NULL;
}

static void tb_add(struct vcpu *v, uint64_t vaddr, int64_t insns)
{
	uint32_t h = (uint32_t)((vaddr * 0x9e3779b97f4a7c15ull) >> 48) & (TB_SLOTS - 1);
	uint32_t i;

	for (i = 0; i < TB_SLOTS; i++, h = (h + 1) & (TB_SLOTS - 1)) {
		struct tb_count *c = &v->tbs[h];

		if (c->taken && c->vaddr != vaddr)
			continue;
		if (!c->taken) {
			if (v->nr_used == TB_SLOTS / 2) {
				v->tb_overflow = 1;	/* said in the window line */
				return;
			}
			c->vaddr = vaddr;
			c->taken = 1;
			v->used[v->nr_used++] = h;
		}
		c->insns += insns;
		return;
	}
}

static void tb_exec(unsigned int index, void *udata)
{
	struct tb_info *tb = udata;
	struct vcpu *v = vcpu_of(index);

	if (!v)
		return;
	v->insns += tb->insns;
	v->locked += tb->locked;
	if (funcs && v->open)
		tb_add(v, tb->vaddr, tb->insns);
}

static void window_close(struct vcpu *v, unsigned int index, uint64_t insns,
			 uint64_t locked)
{
	uint32_t i;

	pthread_mutex_lock(&out_lock);
	fprintf(out, "window %" PRIu64 " vcpu %u insns %" PRIu64 " locked %" PRIu64 "%s\n",
		seq++, index, insns, locked,
		v->tb_overflow ? " tb_overflow 1" : "");
	for (i = 0; funcs && i < v->nr_used; i++) {
		struct tb_count *c = &v->tbs[v->used[i]];

		if (c->insns)
			fprintf(out, "tb 0x%" PRIx64 " %" PRIu64 "\n", c->vaddr, c->insns);
	}
	fflush(out);
	pthread_mutex_unlock(&out_lock);
}

static void mark_exec(unsigned int index, void *udata)
{
	struct mark_info *m = udata;
	struct vcpu *v = vcpu_of(index);
	/* The counts up to and including this marker. */
	uint64_t insns, locked;
	uint32_t i;

	if (!v)
		return;
	insns = v->insns - m->insns_after;
	locked = v->locked - m->locked_after;
	if (m->start) {
		for (i = 0; funcs && i < v->nr_used; i++)
			v->tbs[v->used[i]] = (struct tb_count){ 0, 0, 0 };
		v->nr_used = 0;
		v->tb_overflow = 0;
		v->open = 1;
		v->open_insns = insns;
		v->open_locked = locked;
		/* The rest of this block is in the window. */
		if (funcs && m->insns_after)
			tb_add(v, m->tb->vaddr, m->insns_after);
		return;
	}
	if (!v->open)
		return;		/* a stop without a start: not a window */
	v->open = 0;
	/* Neither marker is in the window; this block's tail is not either. */
	if (funcs)
		tb_add(v, m->tb->vaddr, -(int64_t)(m->insns_after + 1));
	window_close(v, index, insns - v->open_insns - 1, locked - v->open_locked);
}

/*
 * An atomic read-modify-write: a LOCK prefix among the legacy and REX
 * prefixes, or XCHG with a memory operand, which locks without one.
 */
static int is_locked(const uint8_t *b, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++) {
		switch (b[i]) {
		case 0xf0:
			return 1;
		case 0xf2: case 0xf3: case 0x2e: case 0x36: case 0x3e:
		case 0x26: case 0x64: case 0x65: case 0x66: case 0x67:
			continue;
		}
		if ((b[i] & 0xf0) == 0x40)	/* REX */
			continue;
		return (b[i] == 0x86 || b[i] == 0x87) && i + 1 < size &&
		       (b[i + 1] & 0xc0) != 0xc0;
	}
	return 0;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p) {
		fprintf(stderr, "exact.so: out of memory\n");
		abort();
	}
	return p;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct tb_info *info = xcalloc(1, sizeof(*info));
	uint8_t *locked = xcalloc(n ? n : 1, 1);
	uint32_t after = n, locked_after;

	(void)id;
	info->vaddr = qemu_plugin_tb_vaddr(tb);
	info->insns = n;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		locked[i] = is_locked(qemu_plugin_insn_data(insn),
				      qemu_plugin_insn_size(insn));
		info->locked += locked[i];
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, info);

	locked_after = info->locked;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint32_t mark = marker_of(qemu_plugin_insn_data(insn),
					  qemu_plugin_insn_size(insn));
		struct mark_info *m;

		after--;
		locked_after -= locked[i];
		/* coherence.c's other markers are nops here. */
		if (mark != MARK_START && mark != MARK_STOP)
			continue;
		/* Never freed: QEMU may run this block until it exits. */
		m = xcalloc(1, sizeof(*m));
		m->tb = info;
		m->start = mark == MARK_START;
		m->insns_after = after;
		m->locked_after = locked_after;
		qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_exec,
						       QEMU_PLUGIN_CB_NO_REGS, m);
	}
	free(locked);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	pthread_mutex_lock(&out_lock);
	fflush(out);
	pthread_mutex_unlock(&out_lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4)) {
			path = argv[i] + 4;
		} else if (!strcmp(argv[i], "funcs=on")) {
			funcs = 1;
		} else if (!strcmp(argv[i], "funcs=off")) {
			funcs = 0;
		} else {
			fprintf(stderr, "exact.so: unknown argument '%s' (out=FILE, funcs=on|off)\n",
				argv[i]);
			return -1;
		}
	}
	if (!path || !*path) {
		fprintf(stderr, "exact.so: out=FILE is required\n");
		return -1;
	}
	if (!info->system_emulation) {
		fprintf(stderr, "exact.so: system emulation only\n");
		return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "exact.so: %s: %s\n", path, strerror(errno));
		return -1;
	}
	nr_vcpus = info->system.max_vcpus;
	vcpus = xcalloc(nr_vcpus, sizeof(*vcpus));
	for (i = 0; funcs && i < nr_vcpus; i++) {
		vcpus[i].tbs = xcalloc(TB_SLOTS, sizeof(*vcpus[i].tbs));
		vcpus[i].used = xcalloc(TB_SLOTS / 2, sizeof(*vcpus[i].used));
	}
	fprintf(out, "exact %d vcpus funcs %s\n", nr_vcpus, funcs ? "on" : "off");
	fflush(out);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
