# brlock-stat.awk: what brlock-stat computes and prints, in one file so that
# the JSON escaper, the lists of counters and the formats exist once.
# brlock-stat finds it next to itself (guest-rootfs/build installs every
# debugfs-tools/* file in /usr/local/bin) and runs it with -v mode=MODE:
#
#   text, json  a snapshot; stdin: the stats file, a line "@histogram", the
#               histogram file. -v cpus=1 adds the per-CPU table (text).
#   raw         one sample for -i; stdin: the stats file, -v up=SECONDS
#               since boot and -v now=HH:MM:SS (or empty), taken with it.
#               Prints key=value words (with -v cpus=1, c<CPU>.<key> too).
#   list        stdin: lock names, one a line; prints them as a JSON array.
#   header      the -i column header (text only).
#   interval    -v prev=RAW -v cur=RAW -v acc=ACC: the interval's line (or
#               JSON object; a row per CPU with -v cpus=1), then a last line
#               "@acc WORDS", what the run has added up so far (intervals,
#               seconds, changes, lines under the header), which
#               brlock-stat hands to the next interval (acc is empty at
#               first): awk runs once an interval, so the shell keeps the
#               state, and an interrupted awk loses one interval, not the run.
#   average     -v acc=ACC -v cur=RAW (the last sample): the average line.
#
# Other -v: name (the lock), secs (-i's SECONDS), json (1 for JSON lines),
# clock (set: the time column is HH:MM:SS, not seconds since boot).
#
# Busybox awk is the awk in the guest: POSIX awk only. It computes in
# doubles and its %d stops at 2^31, so counters are printed with %.0f or
# passed on as the kernel printed them.

BEGIN {
	# The counters every consumer may rely on, in the order the JSON
	# snapshot gives them. The *_max_ns are maxima so far, not counters:
	# -i shows their current value, not a change.
	TOTALS = "read_acquires read_contended read_wait_ns write_acquires write_spin_ns write_spin_max_ns write_hold_ns write_hold_max_ns"
	# The per-CPU counters, in the order of the JSON and of the -c tables.
	PERCPU = "read_acquires read_contended read_wait_ns write_acquires write_spin_ns write_wait_ns"
	ntk = split(TOTALS, tk, " ")
	npk = split(PERCPU, pk, " ")
	# vmstat's habit: the header again after a screenful of lines, when
	# the shell says the output is a terminal (repeat).
	SCREEN = 20

	if (mode == "header") { header(); exit }
	if (mode == "interval") { interval(); exit }
	if (mode == "average") { average(); exit }
}

# --- formatting ------------------------------------------------------------

# The one JSON string escaper: backslash, quote, tab (what a kernel symbol
# or a lock name might hold; neither holds other control characters).
function js(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); return "\"" s "\"" }
function int_(v) { return v ~ /^(0|-?[1-9][0-9]*)$/ }
# A value from the stats file: a JSON number if it is an integer, else a string.
function jv(v) { return int_(v) ? v : js(v) }
function jkv(k, v) { return js(k) ":" v }
# A number with at most 2 decimals and no trailing zeros: 1, 1.5, 1.02.
function dec(x) { x = sprintf("%.2f", x); sub(/0+$/, "", x); sub(/\.$/, "", x); return x == "-0" ? "0" : x }
function dur(ns) {
	if (ns < 1000) return sprintf("%.0f ns", ns)
	if (ns < 1e6) return sprintf("%.1f µs", ns / 1e3)
	if (ns < 1e9) return sprintf("%.1f ms", ns / 1e6)
	return sprintf("%.2f s", ns / 1e9)
}

# --- the snapshot: parse stdin ---------------------------------------------

# Totals are "key value" lines, per CPU "cpu N key value ...". Keys we do
# not know are kept (in the JSON under their own names), never an error.
function num(k) { return (k in t && t[k] ~ /^-?[0-9]+$/) ? t[k] + 0 : 0 }
# The kernel prints cpu -1 and caller "-" until there is a worst case.
function none(cpu, caller) { return !(cpu in t) || t[cpu] + 0 < 0 || t[caller] == "-" || t[caller] == "" }
function worst(ns, cpu, caller) {
	return none(cpu, caller) ? "none yet" : dur(num(ns)) " in " t[caller] " on cpu " t[cpu]
}
function worstj(ns, cpu, caller) {
	return "{" jkv("ns", ns in t ? jv(t[ns]) : "null") "," \
		jkv("cpu", none(cpu, caller) ? "null" : jv(t[cpu])) "," \
		jkv("caller", none(cpu, caller) ? "null" : js(t[caller])) "}"
}
mode == "list" { names = names (NR > 1 ? "," : "") js($0); next }
$0 == "@histogram" { inhist = 1; next }
inhist {
	if (NF >= 3) { nb++; lo[nb] = $1; hi[nb] = $2; cnt[nb] = $3 }
	next
}
$1 == "cpu" && NF >= 2 {
	nc++; cpu[nc] = $2; ck[nc] = 0
	for (i = 3; i < NF; i += 2) { ck[nc]++; ckey[nc, ck[nc]] = $i; cv[nc, $i] = $(i + 1) }
	next
}
NF >= 2 {
	if (!($1 in t)) key[++nk] = $1
	v = $2
	for (i = 3; i <= NF; i++) v = v " " $i
	t[$1] = v
}
END {
	if (mode == "list") print "[" names "]"
	else if (mode == "raw") raw()
	else if (mode == "json") snapshot_json()
	else if (mode == "text") snapshot_text()
}

function raw(   i, c, k, list) {
	# Only integers go on: a value that is not one (a kernel that prints
	# something new) counts as 0 rather than break the arithmetic.
	printf "up=%s clock=%s enabled=%d", up, now, t["enabled"] == 1
	for (i = 1; i <= ntk; i++) printf " %s=%s", tk[i], int_(t[tk[i]]) ? t[tk[i]] : 0
	if (cpus) {
		for (c = 1; c <= nc; c++) {
			list = list (c > 1 ? "," : "") cpu[c]
			for (i = 1; i <= npk; i++) {
				k = pk[i]
				printf " c%s.%s=%s", cpu[c], k, int_(cv[c, k]) ? cv[c, k] : 0
			}
		}
		printf " cpus=%s", list
	}
	print ""
}

function snapshot_json(   i, b, c, done, cdone) {
	printf "{%s,%s", jkv("name", js(name)), jkv("enabled", t["enabled"] == 1 ? "true" : "false")
	# The contract's keys first, null when missing, then the others.
	done["enabled"] = 1
	for (i = 1; i <= ntk; i++) { printf ",%s", jkv(tk[i], tk[i] in t ? jv(t[tk[i]]) : "null"); done[tk[i]] = 1 }
	for (i = 1; i <= nk; i++) if (!(key[i] in done)) printf ",%s", jkv(key[i], jv(t[key[i]]))
	printf ",%s", jkv("worst_write_spin", worstj("write_spin_max_ns", "write_spin_worst_cpu", "write_spin_worst_caller"))
	printf ",%s", jkv("worst_read_hold", worstj("read_hold_worst_ns", "read_hold_worst_cpu", "read_hold_worst_caller"))
	printf ",\"histogram\":["
	for (b = 1; b <= nb; b++)
		printf "%s{%s,%s,%s}", (b > 1 ? "," : ""), jkv("lo_ns", jv(lo[b])),
			jkv("hi_ns", hi[b] == "inf" ? "null" : jv(hi[b])), jkv("count", jv(cnt[b]))
	printf "],\"cpus\":["
	for (c = 1; c <= nc; c++) {
		printf "%s{%s", (c > 1 ? "," : ""), jkv("cpu", jv(cpu[c]))
		split("", cdone)
		for (i = 1; i <= npk; i++) { printf ",%s", jkv(pk[i], (c, pk[i]) in cv ? jv(cv[c, pk[i]]) : "null"); cdone[pk[i]] = 1 }
		for (i = 1; i <= ck[c]; i++) if (!(ckey[c, i] in cdone)) printf ",%s", jkv(ckey[c, i], jv(cv[c, ckey[c, i]]))
		printf "}"
	}
	print "]}"
}

function snapshot_text(   on, r, rc, w, b, shown, n, col, i, c, wd, cell, line) {
	on = t["enabled"] == 1
	print "brlock " name ": " (on ? "counting is on" : "counting is off: brlock-ctl on " name)
	r = num("read_acquires"); rc = num("read_contended"); w = num("write_acquires")
	printf "reads:  %.0f acquired, %.0f contended (%s)", r, rc, (r > 0 ? sprintf("%.2f%%", 100 * rc / r) : "-")
	if (rc > 0) printf ", %s waiting per contended read", dur(num("read_wait_ns") / rc)
	printf "\nwrites: %.0f acquired\n", w
	if (w > 0) {
		printf "  spin: %s per write on average, %s at most\n", dur(num("write_spin_ns") / w), dur(num("write_spin_max_ns"))
		printf "  hold: %s per write on average, %s at most\n", dur(num("write_hold_ns") / w), dur(num("write_hold_max_ns"))
	}
	print "worst write spin: " worst("write_spin_max_ns", "write_spin_worst_cpu", "write_spin_worst_caller")
	print "worst read hold:  " worst("read_hold_worst_ns", "read_hold_worst_cpu", "read_hold_worst_caller")
	for (b = 1; b <= nb; b++) if (cnt[b] + 0 > 0) {
		if (!shown++) print "writes by spin time (ns):"
		printf "  %10s .. %10s  %s\n", lo[b], hi[b], cnt[b]
	}
	if (!cpus) return
	# Right-aligned columns, each as wide as its widest cell: cpu and the
	# per-CPU counters but read_wait_ns (the table fits 80 columns; the
	# JSON has it).
	col[n = 1] = "cpu"
	for (i = 1; i <= npk; i++) if (pk[i] != "read_wait_ns") col[++n] = pk[i]
	for (i = 1; i <= n; i++) {
		wd[i] = length(col[i])
		for (c = 1; c <= nc; c++) {
			cell[c, i] = i == 1 ? cpu[c] : ((c, col[i]) in cv ? cv[c, col[i]] : "-")
			if (length(cell[c, i]) > wd[i]) wd[i] = length(cell[c, i])
		}
	}
	print ""
	for (c = 0; c <= nc; c++) {
		line = ""
		for (i = 1; i <= n; i++) line = line (i > 1 ? "  " : "") sprintf("%" wd[i] "s", c ? cell[c, i] : col[i])
		print line
	}
}

# --- -i: rates from two raw samples ----------------------------------------

# load(WORDS, A): key=value words into A.
function load(s, a,   w, n, i, e) {
	n = split(s, w, " ")
	for (i = 1; i <= n; i++) { e = index(w[i], "="); if (e) a[substr(w[i], 1, e - 1)] = substr(w[i], e + 1) }
}
function ismax(k) { return k ~ /_max_ns$/ }
# What counter K (a key of the raw sample) grew by. A counter that went
# down was reset: its whole value is new since the reset.
function delta(k) { return (c[k] - p[k] < 0) ? c[k] + 0 : c[k] - p[k] }
# A count per second of the elapsed time EL: whole numbers without
# decimals; "-" when no time elapsed (a clock that did not move).
function rate(x, el) {
	if (el <= 0) return "-"
	x /= el
	return x == int(x) ? sprintf("%.0f", x) : sprintf("%.1f", x)
}
function per(x, n) { return n > 0 ? sprintf("%.0f", x / n) : "-" }

# The text columns, without and with -c. The time is the last column, as
# vmstat -t has it: the columns brlock-stat -i always had keep their places.
function header() {
	if (cpus) printf "%4s %10s %10s %12s %14s %14s %10s\n", "cpu", "reads/s", "writes/s", "contended/s", "spin/write_ns", "wait/write_ns", "time"
	else printf "%10s %10s %12s %14s %14s %10s\n", "reads/s", "writes/s", "contended/s", "spin/write_ns", "max_spin_ns", "time"
}
# line(D, EL, WHEN): the text line (with -c: rows) for the changes in D
# ("KEY" totals, "cN.KEY" per CPU) over EL seconds, the time column WHEN.
function line(d, el, when,   cl, ncl, i, x, w) {
	w = d["write_acquires"]
	if (!cpus) {
		printf "%10s %10s %12s %14s %14s %10s\n", rate(d["read_acquires"], el), rate(w, el),
			rate(d["read_contended"], el), per(d["write_spin_ns"], w), sprintf("%.0f", c["write_spin_max_ns"]), when
		return 1
	}
	# A row per CPU: its readers and the writers that ran on it, and how
	# long an average write (any CPU's) waited for this CPU's lock.
	ncl = split(c["cpus"], cl, ",")
	for (i = 1; i <= ncl; i++) {
		x = "c" cl[i] "."
		printf "%4s %10s %10s %12s %14s %14s %10s\n", cl[i], rate(d[x "read_acquires"], el),
			rate(d[x "write_acquires"], el), rate(d[x "read_contended"], el),
			per(d[x "write_spin_ns"], d[x "write_acquires"]), per(d[x "write_wait_ns"], w), when
	}
	return ncl
}
# object(D, EL, EXTRA): the JSON object of the changes in D over EL seconds,
# EXTRA (the average's keys) after the name. The keys -i had before time and
# elapsed_s keep their order: name, interval_s, enabled, the counters, the
# maxima.
function object(d, el, extra,   i, k, cl, ncl, j, x) {
	printf "{%s%s,%s,%s,%s,%s", jkv("name", js(name)), extra, jkv("interval_s", secs + 0),
		jkv("time", dec(c["up"])), jkv("elapsed_s", dec(el)), jkv("enabled", c["enabled"] ? "true" : "false")
	for (i = 1; i <= ntk; i++) if (!ismax(tk[i])) printf ",%s", jkv(tk[i], sprintf("%.0f", d[tk[i]]))
	for (i = 1; i <= ntk; i++) if (ismax(tk[i])) printf ",%s", jkv(tk[i], sprintf("%.0f", c[tk[i]]))
	if (cpus) {
		printf ",\"cpus\":["
		ncl = split(c["cpus"], cl, ",")
		for (j = 1; j <= ncl; j++) {
			x = "c" cl[j] "."
			printf "%s{%s", (j > 1 ? "," : ""), jkv("cpu", cl[j])
			for (i = 1; i <= npk; i++) printf ",%s", jkv(pk[i], sprintf("%.0f", d[x pk[i]]))
			printf "}"
		}
		printf "]"
	}
	print "}"
}
function when_() { return clock != "" ? c["clock"] : sprintf("%.2f", c["up"]) }

# num2s(V): V as a string without the loss of precision awk's own
# conversion (CONVFMT, 6 digits) would cause.
function num2s(v) { return v == int(v) ? sprintf("%.0f", v) : sprintf("%.6f", v) }

function interval(   k, el, rows, out) {
	load(prev, p); load(cur, c); load(acc, a)
	el = c["up"] - p["up"]
	# Every counter of the sample (totals and per CPU), maxima aside.
	for (k in c) if (k != "up" && k != "clock" && k != "enabled" && k != "cpus" && !ismax(k)) {
		d[k] = delta(k)
		a["sum." k] += d[k]
	}
	a["n"]++
	a["elapsed"] += el
	if (json) object(d, el, "")
	else {
		# The shell printed the header before the first interval; again,
		# on a terminal, once a screenful of lines has gone by under
		# it, at an interval's start (with -c, an interval's rows stay
		# together).
		rows = a["rows"] + 0
		if (repeat && rows >= SCREEN) { header(); rows = 0 }
		a["rows"] = rows + line(d, el, when_())
	}
	# Last, what the run has added up, for the next interval.
	out = "@acc"
	for (k in a) out = out " " k "=" num2s(a[k])
	print out
}

function average(   k, s) {
	load(cur, c); load(acc, a)
	for (k in a) if (k ~ /^sum\./) s[substr(k, 5)] = a[k]
	if (json) object(s, a["elapsed"], "," jkv("average", "true") "," jkv("intervals", a["n"] + 0))
	else line(s, a["elapsed"], "average")
}
