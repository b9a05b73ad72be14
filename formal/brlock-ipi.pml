/*
 * brlock-ipi.pml: the fence-free brlock (BRLOCK_IPI) on x86-TSO, for spin.
 *
 * What is modelled (names are the kernel's, build/linux after patch 0034):
 *
 *   reader(c), a CPU that runs readers, one step per instruction:
 *     brlock_ipi_read_enter()   R1 this_cpu_inc(*br->readers): a load and
 *                               a store into the store buffer, one step
 *                               (one instruction, an interrupt lands
 *                               before or after it); barrier(): nothing;
 *                               R2 smp_load_acquire(&br->ipi_state)
 *     __brlock_ipi_read_lock_slow()  C smp_mb(); the second look; if
 *                               BLOCKED: this_cpu_dec, the wait while
 *                               BLOCKED, this_cpu_inc, again from C
 *     brlock_ipi_read_unlock()  smp_store_release() of the count less one
 *     the section's caller may have interrupts off (local_irq_disable()
 *     before brlock_read_lock(), on after brlock_read_unlock()), and its
 *     slow path then waits with them off
 *     idle: ct_kernel_exit_state() / ct_kernel_enter_state(), each an
 *     atomic_add_return() (a LOCK'd instruction) on ct->state; only
 *     between read sections, with interrupts on
 *     bringup: the CPU starts once brlock_cpu_prepare() has put it in
 *     writer->cpus; set_cpu_online() (cpumask_test_and_set_cpu(), LOCK'd);
 *     __schedule()'s smp_mb__after_spinlock(); then its readers
 *   irq(c), the IPI's handler on that CPU, at any point of reader(c)'s
 *     code where interrupts are on (reader(c) steps only when no IPI is
 *     pending or interrupts are off): __flush_smp_call_function_queue()'s
 *     llist_del_all() (xchg, LOCK'd), brlock_ipi_barrier()'s smp_mb(),
 *     csd_unlock()'s smp_store_release()
 *   writer(), on the CPU after the readers' (__brlock_ipi_write_lock(),
 *     __brlock_ipi_write_unlock()):
 *     arch_spin_lock(&w->lock); WRITE_ONCE(ipi_state, PENDING); A smp_mb();
 *     brlock_ipi_any_needs_barrier(): brlock_cpu_idle() of each CPU of
 *     w->cpus (an acquire load of ct->state, plain on x86);
 *     on_each_cpu_cond_mask(brlock_ipi_needs_barrier, ..., wait = true,
 *     w->cpus) = smp_call_function_many_cond(): cpu_online_mask & w->cpus,
 *     then per CPU brlock_ipi_needs_barrier() (brlock_cpu_idle() again),
 *     csd_lock() (a plain store), llist_add() (try_cmpxchg, LOCK'd), the
 *     IPI, then csd_lock_wait() (acquire loads) for each;
 *     WRITE_ONCE(ipi_state, BLOCKED); B smp_mb(); brlock_ipi_drain_cpu()
 *     for each CPU of w->cpus (acquire loads until the count is 0);
 *     the section; smp_store_release(ipi_state, IDLE); arch_spin_unlock()
 *   hotplug(), the control CPU's brlock_cpu_prepare() ->
 *     brlock_writer_hotplug(): under w->lock, the CPU joins w->tracked
 *
 * Memory: x86-TSO. Each CPU has a FIFO store buffer of SB entries that
 * drain(c) writes to memory, oldest first, at any time; a load takes the
 * newest buffered store to its location, else memory; a full barrier
 * (smp_mb(), a LOCK'd instruction) waits until its CPU's buffer is empty,
 * and a LOCK'd store then goes straight to memory.
 *
 * Waits are loops that load until they see what they wait for, as the
 * kernel's cpu_relax() and smp_cond_load_acquire() loops are: a writer
 * stuck behind a waiting reader is then a cycle that spin's fair
 * non-progress search finds (it does not extend a deadlocked run into
 * one). Only waits for a buffer to drain, for room in it and for w->lock
 * block.
 *
 * Properties:
 *   safety: a reader and the writer are never both in their sections
 *     (the assertions at the sections' entries), and no state has every
 *     process blocked (pan's invalid end states): pan -DSAFETY, ./pan
 *   liveness: the writer enters its section infinitely often in every
 *     weakly fair run (a process that stays enabled moves), pan -DNP,
 *     ./pan -l -f (-A -E: safety is the other run's): no non-progress
 *     cycle, progress being the label at the write section. So no writer
 *     waits forever: not for an IPI held up by a reader that waits with
 *     interrupts off, not for a drain, not for w->lock. It rests on an
 *     IPI pending on a CPU with interrupts on being taken before that
 *     CPU's next instruction (MAIN() below). Readers are not promised
 *     progress (a stream of writers may hold one off), nor is the hotplug
 *     control.
 *
 * Abstracted away: the data of the sections (mutual exclusion is of the
 * program points; TSO keeps a section's loads and stores before its
 * release store); the writer CPU's own readers (it runs none during a
 * write, preemption is off) and its count (always 0); a second writer
 * (w->lock serialises them; the one writer loops forever); w->lock and
 * w->cpus are sequentially consistent (LOCK'd acquire, accessed under the
 * lock only; the release is visible at once, which only adds runs); CPUs
 * going offline; nested or other interrupts; IRET, serializing on x86,
 * is not counted as a barrier (the handler has fewer barriers than the
 * hardware gives); IPI delivery latency (the writer does nothing between
 * its send and its wait, so a late IPI is an early one sent later); the
 * statistics and tracing paths; brlock_lock_writers(); the store buffer
 * holds at most SB stores (a CPU with a full buffer stalls, as one does).
 *
 * Build options (spin -DNAME):
 *   NR_READERS=n  reader CPUs (default 1; the writer's CPU is one more)
 *   SB=n          store buffer entries per CPU, 2 (default) or 3
 *   mutants, each must give a trail:
 *   MUTANT_NO_A            the writer drops A
 *   MUTANT_NO_B            the writer drops B
 *   MUTANT_NO_C            the slow-path reader drops C
 *   MUTANT_NO_IPI          the writer calls no on_each_cpu_cond_mask()
 *   MUTANT_IPI_NOWAIT      on_each_cpu_cond_mask(..., wait = false)
 *   MUTANT_IDLE_BEFORE_A   the writer looks at the CPUs' idle state
 *                          between its store of PENDING and A
 *   MUTANT_IDLE_EXIT_PLAIN the CPU leaves idle with a plain store
 *   MUTANT_EARLY_READER    a fence-free read section on the incoming CPU
 *                          before set_cpu_online() (the hotplug window)
 *   MUTANT_WAIT_PENDING    the reader backs off and waits in PENDING too
 *                          (a one-stage flag): liveness
 *   variants, which pass on TSO (see scripts/spin-check):
 *   VARIANT_IPI_NO_MB      brlock_ipi_barrier() without its smp_mb()
 *   VARIANT_IPI_BARE       and llist_del_all() not LOCK'd either: the
 *                          handler's only access is csd_unlock()
 *   They pass because on TSO csd_unlock() is a store after the interrupted
 *   reader's increment, stores leave a CPU in order, and the writer's
 *   csd_lock_wait() sees it before it loads the count: the writer needs
 *   the IPI to be synchronous, not a barrier in it. Likewise A orders
 *   nothing that llist_add()'s LOCK'd cmpxchg does not, but for the CPUs
 *   the writer skips (idle, not yet online): MUTANT_NO_A's trail goes
 *   through an idle skip.
 *
 * Run: scripts/spin-check (the model, each mutant and variant), or by hand
 *   cp formal/brlock-ipi.pml /tmp && cd /tmp && spin -a brlock-ipi.pml
 *   gcc -DSAFETY -o pan pan.c && ./pan               (safety)
 *   gcc -DNP -DNFAIR=4 -o pan pan.c && ./pan -l -f -A -E   (liveness)
 *   spin -t -p brlock-ipi.pml      (replay a trail: the same -D options)
 */

#ifndef NR_READERS
#define NR_READERS	1
#endif
#ifndef SB
#define SB		2
#endif
#define W		NR_READERS		/* the writer's CPU */
#define NR_CPUS		(NR_READERS + 1)

/* enum brlock_ipi_state */
#define IDLE		0
#define PENDING		1
#define BLOCKED		2

/* Memory: br->ipi_state, each reader CPU's count, csd and ct->state. */
#define STATE		0
#define CNT(c)		(1 + (c))
#define CSD(c)		(1 + NR_READERS + (c))
#define IDLEV(c)	(1 + 2 * NR_READERS + (c))	/* 1: RCU sees it idle */
#define NR_VARS		(1 + 3 * NR_READERS)

byte mem[NR_VARS];

/* The store buffers: CPU c's entries are [c * SB, c * SB + sb_len[c]). */
byte sb_var[NR_CPUS * SB];
byte sb_val[NR_CPUS * SB];
byte sb_len[NR_CPUS];

bool online[NR_READERS];	/* cpu_online_mask, written LOCK'd */
bool in_cpus[NR_READERS];	/* w->tracked, under w->lock */
bool wlock;			/* w->lock */
bool ipi[NR_READERS];		/* an IPI is pending on the CPU */
bool irqs_on[NR_READERS];
bool in_irq[NR_READERS];	/* the IPI's handler runs */
bool in_r[NR_READERS];		/* ghost: a reader is in its section */
bool in_w;			/* ghost: the writer is in its section */

#define ROOM(c)		(sb_len[c] < SB)
#define EMPTY(c)	(sb_len[c] == 0)
#define ENT(c, i, v)	(sb_len[c] > (i) && sb_var[(c) * SB + (i)] == (v))
/* A load on CPU c: forwarded from the newest buffered store, else memory. */
#if SB == 2
#define LOAD(c, v)	(ENT(c, 1, v) -> sb_val[(c) * SB + 1] : \
			 (ENT(c, 0, v) -> sb_val[(c) * SB] : mem[v]))
#elif SB == 3
#define LOAD(c, v)	(ENT(c, 2, v) -> sb_val[(c) * SB + 2] : \
			 (ENT(c, 1, v) -> sb_val[(c) * SB + 1] : \
			  (ENT(c, 0, v) -> sb_val[(c) * SB] : mem[v])))
#else
#error "SB must be 2 or 3"
#endif

/* A plain store on CPU c, into its buffer: call with ROOM(c). */
inline store(c, v, x)
{
	sb_var[(c) * SB + sb_len[c]] = v;
	sb_val[(c) * SB + sb_len[c]] = x;
	sb_len[c]++
}

/*
 * A step of CPU c's mainline code (not its IPI handler), taken when G
 * holds: never while the handler runs, nor while an IPI is pending with
 * interrupts on (the CPU takes it before its next instruction).
 */
#define MAIN(c)		(!in_irq[c] && !(ipi[c] && irqs_on[c]))
#define R(c, G, S)	atomic { MAIN(c) && (G) -> S }

/* The store buffer of CPU c drains, oldest store first, when it will. */
proctype drain(byte c)
{
	byte i;
end:
	do
	:: d_step {
		sb_len[c] > 0 ->
		mem[sb_var[c * SB]] = sb_val[c * SB];
		i = 1;
		do
		:: i < sb_len[c] ->
			sb_var[c * SB + i - 1] = sb_var[c * SB + i];
			sb_val[c * SB + i - 1] = sb_val[c * SB + i];
			i++
		:: else -> break
		od;
		sb_len[c]--;
		sb_var[c * SB + sb_len[c]] = 0;
		sb_val[c * SB + sb_len[c]] = 0;
		i = 0
	}
	od
}

/* The IPI's handler on CPU c: __flush_smp_call_function_queue(). */
proctype irq(byte c)
{
end:
	do
	:: atomic { ipi[c] && irqs_on[c] && !in_irq[c] -> in_irq[c] = 1; ipi[c] = 0 }
#ifndef VARIANT_IPI_BARE
		atomic { EMPTY(c) -> skip }	/* llist_del_all(): xchg() */
#endif
#if !defined(VARIANT_IPI_NO_MB) && !defined(VARIANT_IPI_BARE)
		atomic { EMPTY(c) -> skip }	/* brlock_ipi_barrier(): smp_mb() */
#endif
		/* csd_unlock(): smp_store_release(&csd->node.u_flags, 0) */
		atomic { ROOM(c) -> store(c, CSD(c), 0) }
		in_irq[c] = 0			/* IRET */
	od
}

/*
 * brlock_read_lock() .. brlock_read_unlock() on CPU c, the caller's
 * interrupts off or on; s and t are the caller's scratch locals.
 */
inline read_section(c, s, t, irqs_off)
{
	if
	:: R(c, irqs_on[c], irqs_on[c] = 0; irqs_off = 1)
	:: skip
	fi;
	/* brlock_ipi_read_enter(): this_cpu_inc(*br->readers); barrier() */
	R(c, ROOM(c), t = LOAD(c, CNT(c)); store(c, CNT(c), t + 1); t = 0);
	/* ... smp_load_acquire(&br->ipi_state) */
	R(c, true, s = LOAD(c, STATE));
	if
	:: s == IDLE -> s = 0
	:: else ->
		/* __brlock_ipi_read_lock_slow() */
		do
		:: s = 0;
#ifndef MUTANT_NO_C
			R(c, EMPTY(c), skip);		/* C: smp_mb() */
#endif
			R(c, true, s = LOAD(c, STATE));
#ifdef MUTANT_WAIT_PENDING
			if :: s == IDLE -> s = 0; break :: else -> s = 0 fi;
#else
			if :: s != BLOCKED -> s = 0; break :: else -> s = 0 fi;
#endif
			/* this_cpu_dec(*br->readers) */
			R(c, ROOM(c), t = LOAD(c, CNT(c)); store(c, CNT(c), t - 1); t = 0);
			/* while (READ_ONCE(br->ipi_state) == BLOCKED) cpu_relax(); */
			do
			:: R(c, true, s = LOAD(c, STATE));
#ifdef MUTANT_WAIT_PENDING
				if :: s == IDLE -> s = 0; break :: else -> s = 0 fi
#else
				if :: s != BLOCKED -> s = 0; break :: else -> s = 0 fi
#endif
			od;
			/* this_cpu_inc(*br->readers) */
			R(c, ROOM(c), t = LOAD(c, CNT(c)); store(c, CNT(c), t + 1); t = 0)
		od
	fi;
	atomic { in_r[c] = 1; assert(!in_w) }		/* the read section */
	/* brlock_ipi_read_unlock(): smp_store_release(readers, *readers - 1) */
	R(c, ROOM(c), in_r[c] = 0; t = LOAD(c, CNT(c)); store(c, CNT(c), t - 1); t = 0);
	if
	:: irqs_off -> R(c, true, irqs_on[c] = 1; irqs_off = 0)
	:: else
	fi
}

/* A CPU that runs readers: its bringup, then read sections and idle. */
proctype reader(byte c)
{
	byte s, t;
	bool irqs_off;

	/* brlock_cpu_prepare() has run: the CPU starts, interrupts off. */
	in_cpus[c];
#ifdef MUTANT_EARLY_READER
	/* A fence-free reader before the CPU is online: the rule broken. */
	if
	:: read_section(c, s, t, irqs_off)
	:: skip
	fi;
#endif
	/* set_cpu_online(): cpumask_test_and_set_cpu(), LOCK'd */
	R(c, EMPTY(c), online[c] = 1);
	/* __schedule()'s smp_mb__after_spinlock() before its first task */
	R(c, EMPTY(c), irqs_on[c] = 1);
end:
	do
	:: read_section(c, s, t, irqs_off)
	:: /* the idle loop: ct_kernel_exit_state(), atomic_add_return() */
		R(c, EMPTY(c), mem[IDLEV(c)] = 1);
		/* IPIs land here too; then ct_kernel_enter_state() */
#ifdef MUTANT_IDLE_EXIT_PLAIN
		R(c, ROOM(c), store(c, IDLEV(c), 0))
#else
		R(c, EMPTY(c), mem[IDLEV(c)] = 0)
#endif
	od
}

/* brlock_cpu_idle(cpu), as the writer on CPU W loads it. */
#define CPU_IDLE(c)	(LOAD(W, IDLEV(c)) != 0)

/*
 * brlock_ipi_any_needs_barrier(w->cpus), into the writer's any, what it
 * saw into its seen_idle[]; c is scratch.
 */
inline any_needs_barrier(c)
{
	c = 0;
	do
	:: c < NR_READERS ->
		atomic {
			seen_idle[c] = CPU_IDLE(c);
			if :: in_cpus[c] && !seen_idle[c] -> any = 1 :: else fi;
			c++
		}
	:: else -> c = 0; break
	od
}

proctype writer()
{
	byte c;
	bool any, on, busy;
	bool seen_idle[NR_READERS];	/* what the first look saw */
	bool sent[NR_READERS];

end:
	do
	:: /* brlock_write_lock() -> __brlock_ipi_write_lock() */
		atomic { EMPTY(W) && !wlock -> wlock = 1 }	/* arch_spin_lock() */
		atomic { ROOM(W) -> store(W, STATE, PENDING) }
#ifdef MUTANT_IDLE_BEFORE_A
		any_needs_barrier(c);
#endif
#ifndef MUTANT_NO_A
		atomic { EMPTY(W) -> skip }			/* A: smp_mb() */
#endif
#ifndef MUTANT_IDLE_BEFORE_A
		any_needs_barrier(c);
#endif
#ifndef MUTANT_NO_IPI
		/* on_each_cpu_cond_mask(brlock_ipi_needs_barrier, ...) */
		do
		:: any && c < NR_READERS ->
			/* cpumask_and(cfd->cpumask, mask, cpu_online_mask) */
			on = in_cpus[c] && online[c];
			if
			:: on ->
				/* cond_func: brlock_ipi_needs_barrier() */
#ifdef MUTANT_IDLE_BEFORE_A
				busy = !seen_idle[c];
#else
				busy = !CPU_IDLE(c);
#endif
				if
				:: busy ->
					atomic { ROOM(W) -> store(W, CSD(c), 1) }	/* csd_lock() */
					/* llist_add() (try_cmpxchg), then the IPI */
					atomic { EMPTY(W) -> ipi[c] = 1; sent[c] = 1 }
				:: else
				fi
			:: else
			fi;
			on = 0; busy = 0; c++
		:: else -> c = 0; break
		od;
#ifndef MUTANT_IPI_NOWAIT
		/* csd_lock_wait(): smp_cond_load_acquire(&csd->node.u_flags, ...) */
		do
		:: c < NR_READERS ->
			if
			:: sent[c] ->
				do
				:: atomic { busy = (LOAD(W, CSD(c)) != 0) };
					if :: busy -> busy = 0 :: else -> sent[c] = 0; break fi
				od
			:: else
			fi;
			c++
		:: else -> c = 0; break
		od;
#else
		c = 0;
		do
		:: c < NR_READERS -> sent[c] = 0; c++
		:: else -> c = 0; break
		od;
#endif
#endif
		any = 0;
		c = 0;
		do
		:: c < NR_READERS -> seen_idle[c] = 0; c++
		:: else -> c = 0; break
		od;
		atomic { ROOM(W) -> store(W, STATE, BLOCKED) }
#ifndef MUTANT_NO_B
		atomic { EMPTY(W) -> skip }			/* B: smp_mb() */
#endif
		/* brlock_ipi_drain_cpu() for each CPU of w->cpus */
		do
		:: c < NR_READERS ->
			if
			:: in_cpus[c] ->
				do
				:: atomic { busy = (LOAD(W, CNT(c)) != 0) };
					if :: busy -> busy = 0 :: else -> break fi
				od
			:: else
			fi;
			c++
		:: else -> c = 0; break
		od;
progress:
		atomic {					/* the write section */
			in_w = 1;
			c = 0;
			do
			:: c < NR_READERS -> assert(!in_r[c]); c++
			:: else -> c = 0; break
			od
		}
		/* __brlock_ipi_write_unlock(): smp_store_release(), IDLE */
		atomic { ROOM(W) -> in_w = 0; store(W, STATE, IDLE) }
		wlock = 0					/* arch_spin_unlock() */
	od
}

/* brlock_cpu_prepare() for each reader CPU, one bringup after the other. */
proctype hotplug()
{
	byte c;

	do
	:: c < NR_READERS ->
		atomic { !wlock -> wlock = 1 }
		in_cpus[c] = 1;
		wlock = 0;
		c++
	:: else -> break
	od
}

init
{
	byte c;

	atomic {
		c = 0;
		do
		:: c < NR_CPUS -> run drain(c); c++
		:: else -> break
		od;
		c = 0;
		do
		:: c < NR_READERS -> run irq(c); run reader(c); c++
		:: else -> break
		od;
		run writer();
		run hotplug()
	}
}
