/* SPDX-License-Identifier: ISC */
/*
 * line.c: the syntax of perf script lines, as FlameGraph's
 * stackcollapse-perf.pl matches them (its regular expressions are quoted
 * beside each function), with its known faults fixed: see perf.c.
 */
#include <string.h>

#include "perf.h"

unsigned char perf_cls[256];

void
perf_init_cls(void)
{
	int c;
	const char *p;

	if (perf_cls['0'] != 0)
		return;
	for (p = " \t\n\r\f\v"; *p != '\0'; p++)
		perf_cls[(unsigned char)*p] |= C_WS;
	for (c = 0; c < 256; c++) {
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_')
			perf_cls[c] |= C_WORD;
		if (c >= '0' && c <= '9')
			perf_cls[c] |= C_DIG;
	}
	/* bytes that make a function name more than a plain copy */
	for (p = "-()<>{}[];\"'"; *p != '\0'; p++)
		perf_cls[(unsigned char)*p] |= C_SPEC;
}





/* A token that follows pid/tid in perf's header: "[003]" or "12.345678:". */
static int
header_token(const char *s, size_t n)
{
	size_t i = 0;

	if (n >= 3 && s[0] == '[' && s[n - 1] == ']') {
		for (i = 1; i < n - 1; i++)
			if (!isdig((unsigned char)s[i]))
				return 0;
		return 1;
	}
	if (n < 2 || s[n - 1] != ':')
		return 0;
	while (i < n - 1 && isdig((unsigned char)s[i]))
		i++;
	if (i == 0 || i == n - 1 || s[i] != '.')
		return 0;
	for (i++; i < n - 1; i++)
		if (!isdig((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Length of the non-blank token at s (s < e). */
static size_t
toklen(const char *s, const char *e)
{
	const char *p = s;

	while (p < e && !isws((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

/* A hex address token followed by more text (a frame on the line). */
static int
hex_then_more(const char *t, size_t tl, const char *e)
{
	size_t i;

	for (i = 0; i < tl && fg_ishex(t[i]); i++)
		;
	return tl > 0 && i == tl && t + tl < e;
}

/* "digits" or "digits/digits" (slashes and second part as Perl allows). */
static int
pid_token(const char *s, size_t n, struct event *ev)
{
	size_t i = 0, j;

	while (i < n && isdig((unsigned char)s[i]))
		i++;
	if (i == 0)
		return 0;
	j = i;
	while (j < n && s[j] == '/')
		j++;
	ev->pid = s;
	ev->pidlen = i;
	ev->tid = s + j;
	ev->tidlen = n - j;
	for (; j < n; j++)
		if (!isdig((unsigned char)s[j]))
			return 0;
	return 1;
}

/*
 * The start of the line as stackcollapse-perf.pl matches it,
 * /^(\S.+?)\s+(\d+)\/ *(\d+)*\s+/ (no blank after the slash), then corrected for thread names that
 * hold a blank and digits: when what follows the digits found is not a
 * CPU or time field, a later pid token that is followed by one wins.
 * Returns the offset after the pid token, or 0.
 */
static size_t
event_head(const char *s, size_t n, struct event *ev)
{
	const char *e = s + n, *p, *t;
	size_t x, tl, nl;

	if (n < 2 || isws((unsigned char)s[0]))
		return 0;
	for (x = 2; x < n; x++) {
		if (!isws((unsigned char)s[x]))
			continue;
		p = s + x;
		while (p < e && isws((unsigned char)*p))
			p++;
		tl = toklen(p, e);
		if (p + tl < e && pid_token(p, tl, ev))
			break;
		x = (size_t)(p - s);	/* rest of this blank run fails too */
	}
	if (x >= n)
		return 0;
	ev->comm = s;
	ev->commlen = x;
	t = p + tl;
	while (t < e && isws((unsigned char)*t))
		t++;
	if (!header_token(t, toklen(t, e))) {
		/* look for "pid [cpu]" or "pid time:" after the first word */
		struct event alt = *ev;
		const char *q = s + toklen(s, e);

		while (q < e && isws((unsigned char)*q))
			q++;

		while (q < e) {
			nl = toklen(q, e);
			t = q + nl;
			while (t < e && isws((unsigned char)*t))
				t++;
			if (t < e && pid_token(q, nl, &alt) &&
			    header_token(t, toklen(t, e))) {
				*ev = alt;
				p = q;
				tl = nl;
				while (q > s && isws((unsigned char)q[-1]))
					q--;
				ev->commlen = (size_t)(q - s);
				break;
			}
			q = t;
		}
	}
	return (size_t)(p + tl - s);
}

/*
 * An event line: unindented, or indented with blanks when perf script
 * padded the command name to 16 columns (8 with --latency), as it does
 * without a call graph, and a CPU, a time or an address follows the pid. Sets *pad to the blanks
 * to skip; returns event_head's offset after them, or 0.
 */
size_t
perf_event_line(const char *s, size_t n, struct event *ev, size_t *pad)
{
	const char *e = s + n, *t;
	size_t i = 0, h, tl;

	*pad = 0;
	if (n == 0 || s[0] == '#' || s[0] == '\t')
		return 0;
	if (s[0] != ' ')
		return isws((unsigned char)s[0]) ? 0 : event_head(s, n, ev);
	while (i < n && s[i] == ' ')
		i++;
	if (i == n || isws((unsigned char)s[i]) ||
	    (h = event_head(s + i, n - i, ev)) == 0 ||
	    (i + ev->commlen != 16 && i + ev->commlen != 8))
		return 0;
	for (t = s + i + h; t < e && isws((unsigned char)*t); t++)
		;
	tl = toklen(t, e);
	if (!header_token(t, tl) && !hex_then_more(t, tl, e))
		return 0;
	*pad = i;
	return h;
}

/*
 * The event name and period as stackcollapse-perf.pl finds them at the
 * end of the line (Perl matches anywhere in it), /:\s*(\d+)*\s+(\S+):\s*$/;
 * 0 when it does not match.
 */
static int
name_at_end(const char *s, size_t n, struct event *ev)
{
	const char *e = s + n, *b = s, *t, *q, *d, *c;

	while (e > b && isws((unsigned char)e[-1]))
		e--;
	t = e;
	while (t > b && !isws((unsigned char)t[-1]))
		t--;
	if (e - t < 2 || e[-1] != ':' || t == b)
		return 0;
	q = t;
	while (q > b && isws((unsigned char)q[-1]))
		q--;
	d = q;
	while (d > b && isdig((unsigned char)d[-1]))
		d--;
	if (d < q) {
		c = d;
		while (c > b && isws((unsigned char)c[-1]))
			c--;
		if (c == b || c[-1] != ':')
			return 0;
		ev->period = d;
		ev->periodlen = (size_t)(q - d);
	} else if (q == b || q[-1] != ':')
		return 0;
	ev->ev = t;
	ev->evlen = (size_t)(e - t) - 1;
	return 1;
}

/*
 * The fields after the pid, "[cpu] time: [period] event: [addr ...]", up
 * to the event's name; t is left after it. A frame where the time should
 * be (-F comm,pid,ip,sym,dso: "comm pid addr sym (dso)") is noted and 0
 * returned, as when the fields are not these.
 */
static int
name_in_fields(const char *s, size_t n, size_t from, struct event *ev,
    const char **tp)
{
	const char *e = s + n, *t, *first;
	size_t tl, i;

	for (t = s + from; t < e && isws((unsigned char)*t); t++)
		;
	first = t;
	for (;;) {
		while (t < e && isws((unsigned char)*t))
			t++;
		tl = toklen(t, e);
		if (tl == 0)
			return 0;
		if (t == first && !header_token(t, tl) &&
		    hex_then_more(t, tl, e)) {
			ev->frame = t;
			ev->framelen = (size_t)(e - t);
			return 0;
		}
		if (header_token(t, tl) && t[tl - 1] == ':')
			break;
		if (!header_token(t, tl))
			return 0;
		t += tl;
	}
	t += tl;
	while (t < e && isws((unsigned char)*t))
		t++;
	tl = toklen(t, e);
	if (tl > 0 && t + tl < e) {
		for (i = 0; i < tl && isdig((unsigned char)t[i]); i++)
			;
		if (i == tl) {
			ev->period = t;
			ev->periodlen = tl;
			t += tl;
			while (t < e && isws((unsigned char)*t))
				t++;
			tl = toklen(t, e);
		}
	}
	if (tl < 2 || t[tl - 1] != ':')
		return 0;
	ev->ev = t;
	ev->evlen = tl - 1;
	*tp = t + tl;
	return 1;
}

/*
 * The event name and period as stackcollapse-perf.pl finds them; when
 * its pattern fails (a tracepoint's arguments, or a frame on the event
 * line), from the fields after the time.
 */
int
perf_event_name(const char *s, size_t n, size_t from, struct event *ev)
{
	const char *e = s + n, *t;
	size_t tl, i;

	ev->period = NULL;
	ev->periodlen = 0;
	ev->frame = NULL;
	ev->framelen = 0;
	if (name_at_end(s, n, ev))
		return 1;
	if (!name_in_fields(s, n, from, ev, &t))
		return 0;
	/* a frame after the event's name */
	while (t < e && isws((unsigned char)*t))
		t++;
	tl = toklen(t, e);
	if (tl > 0) {
		for (i = 0; i < tl && fg_ishex(t[i]); i++)
			;
		if (i == tl) {
			ev->frame = t;
			ev->framelen = (size_t)(e - t);
		}
	}
	return 1;
}

/*
 * A side-band record (perf script --show-mmap-events, --show-task-events
 * and the like): "comm pid [cpu] time: PERF_RECORD_MMAP2 ...".
 */
int
perf_is_record(const char *s, size_t n, size_t from)
{
	const char *e = s + n, *p;
	size_t tl;

	for (p = s + from;; p += tl) {
		while (p < e && isws((unsigned char)*p))
			p++;
		tl = toklen(p, e);
		if (tl == 0 || !header_token(p, tl))
			break;
	}
	return fg_hasprefix(p, (size_t)(e - p), "PERF_RECORD_");
}

/*
 * The sample time of an event line ("comm pid [cpu] 12.345678: ..."),
 * found among the header fields after the pid; 0 when it has none.
 */
int
perf_line_time(const char *s, size_t n, double *t)
{
	struct event ev;
	const char *e = s + n, *p;
	size_t h, tl, pad;

	if ((h = perf_event_line(s, n, &ev, &pad)) == 0)
		return 0;
	for (p = s + pad + h;; p += tl) {
		while (p < e && isws((unsigned char)*p))
			p++;
		tl = toklen(p, e);
		if (tl == 0 || !header_token(p, tl))
			return 0;
		if (p[tl - 1] == ':')
			return window_parse_time(p, tl - 1, t) == 0;
	}
}


/*
 * The last '(' in [lo, hi), or NULL: eight bytes at a time, as DSO paths
 * are long and hold no parenthesis.
 */
static const char *
last_paren(const char *lo, const char *hi)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = ones << 7;
	const uint64_t pat = ones * (unsigned char)'(';
	uint64_t v;

	while (hi - lo >= 8) {
		memcpy(&v, hi - 8, 8);
		v ^= pat;
		if (((v - ones) & ~v & highs) != 0)
			break;
		hi -= 8;
	}
	while (hi > lo) {
		if (*--hi == '(')
			return hi;
	}
	return NULL;
}

/*
 * A stack line as stackcollapse-perf.pl matches it,
 * /^\s*(\w+)\s*(.+) \((.*)\)/: the module is what lies between the last
 * " (" that a ")" follows and the last ")".
 */
int
perf_parse_frame(const char *s, size_t n, struct frame *f)
{
	size_t i = 0, st, a, rk, lp, p, r;
	const char *q;

	lp = n;
	while (lp > 0 && s[lp - 1] != ')')
		lp--;
	if (lp == 0)
		return 0;
	lp--;			/* the last ')', which ends the scans below */
	while (isws((unsigned char)s[i]))
		i++;
	st = i;
	while (isword((unsigned char)s[i]))
		i++;
	a = i;
	if (a == st)
		return 0;
	while (isws((unsigned char)s[i]))
		i++;
	rk = i;
	if (lp < st + 4)
		return 0;
	/* the last " (" with p in st + 2 .. lp - 2 */
	for (q = s + lp;;) {
		q = last_paren(s + st + 3, q);
		if (q == NULL)
			return 0;
		if (q[-1] == ' ')
			break;
	}
	p = (size_t)(q - s) - 1;
	r = rk < p - 1 ? rk : p - 1;
	f->pc = s + st;
	f->pclen = (r < a ? r : a) - st;
	f->func = s + r;
	f->funclen = p - r;
	f->mod = s + p + 2;
	f->modlen = lp - (p + 2);
	return 1;
}

/* A frame at an address, as perf prints them (not a word that parses). */
int
perf_hexpc(const struct frame *f)
{
	size_t i;

	for (i = 0; i < f->pclen && fg_ishex(f->pc[i]); i++)
		;
	return f->pclen > 0 && i == f->pclen;
}

static int
is_vmlinux(const char *m, size_t n)
{
	size_t i, b = 0;

	for (i = 0; i < n; i++)
		if (m[i] == '/')
			b = i + 1;
	if (n - b < 7 || memcmp(m + b, "vmlinux", 7) != 0)
		return 0;
	for (i = b + 7; i < n; i++)
		if (!isword((unsigned char)m[i]) && m[i] != '-' && m[i] != '.')
			return 0;
	return 1;
}

int
perf_is_kernel(const char *m, size_t n)
{
	if (fg_contains(m, n, "unknown"))
		return 0;
	return (n > 0 && m[0] == '[') || is_vmlinux(m, n) ||
	    fg_hassuffix(m, n, "vmlinux") ||
	    fg_hassuffix(m, n, ".ko") || fg_hassuffix(m, n, ".ko.xz") ||
	    fg_hassuffix(m, n, ".ko.gz") || fg_hassuffix(m, n, ".ko.zst");
}

int
perf_is_jit(const char *m, size_t n)
{
	size_t i, b = 0, d;

	if (fg_contains(m, n, "/tmp/perf-")) {
		/* m:/tmp/perf-\d+\.map: */
		for (i = 0; i + 10 < n; i++) {
			if (memcmp(m + i, "/tmp/perf-", 10) != 0)
				continue;
			for (d = i + 10; d < n && isdig((unsigned char)m[d]);
			    d++)
				;
			if (d > i + 10 && n - d >= 4 &&
			    memcmp(m + d, ".map", 4) == 0)
				return 1;
		}
	}
	/* perf inject --jit: .../jitted-PID-N.so */
	for (i = 0; i < n; i++)
		if (m[i] == '/')
			b = i + 1;
	return fg_hasprefix(m + b, n - b, "jitted-") && fg_hassuffix(m + b, n - b, ".so");
}

/* Kernel text on 64-bit: an inlined frame has no DSO of its own. */
int
perf_is_kernel_pc(const char *pc, size_t n)
{
	return n == 16 && fg_hasprefix(pc, n, "ffff");
}

/*
 * Where stackcollapse-perf.pl would cut a name's argument list: at the
 * first "(" that is not "(anonymous namespace)" (and nowhere when the
 * name looks like a Go method, ".(...)."). Here the cut is at the first
 * such "(" outside <>, {}, [] and (), not after a ".", and operator
 * names (operator(), operator<<, operator->) are kept whole, so that
 * std::function<int (int, int)>::operator() survives.
 */
size_t
perf_cut_args(const char *s, size_t n)
{
	size_t i, depth = 0;
	static const char anon[] = "(anonymous namespace)";
	unsigned char c;

	if (fg_hasprefix(s, n, "RegExp:")) {
		/* a JavaScript regular expression: brackets mean nothing */
		for (i = 0; i < n; i++)
			if (s[i] == '(' && !fg_hasprefix(s + i, n - i, anon))
				return i;
		return n;
	}
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		switch (c) {
		case '<':
		case '{':
		case '[':
			depth++;
			break;
		case '>':
		case '}':
		case ']':
		case ')':
			if (depth > 0)
				depth--;
			break;
		case '-':
			if (i + 1 < n && s[i + 1] == '>')
				i++;	/* "->" is no bracket */
			break;
		case '(':
			if (fg_hasprefix(s + i, n - i, anon)) {
				i += sizeof(anon) - 2;
				break;
			}
			if (depth == 0 && (i == 0 || s[i - 1] != '.'))
				return i;
			depth++;
			break;
		case 'o':
			if (n - i > 8 && memcmp(s + i, "operator", 8) == 0 &&
			    (i == 0 || !isword((unsigned char)s[i - 1])) &&
			    !isword((unsigned char)s[i + 8])) {
				i += 8;
				if (i + 1 < n && ((s[i] == '(' && s[i + 1] == ')') ||
				    (s[i] == '[' && s[i + 1] == ']')))
					i += 2;
				else
					while (i < n && s[i] != '(' &&
					    strchr("<>=!+-*/%^&|~,", s[i]) &&
					    s[i] != '\0')
						i++;
				i--;
			}
			break;
		default:
			break;
		}
	}
	return n;
}

/* Where rawfunc splits into Java inlined frames: "->" but not C++/Rust's. */
const char *
perf_next_arrow(const char *base, const char *s, const char *e)
{
	const char *p;

	for (p = s; p + 1 < e; p++) {
		if (p[0] != '-' || p[1] != '>')
			continue;
		if (p - base >= 8 && memcmp(p - 8, "operator", 8) == 0)
			continue;
		if (p > base && p[-1] == ' ' && p + 2 < e && p[2] == ' ')
			continue;
		return p;
	}
	return e;
}


/*
 * A "perf script -F +srcline" line after a frame: "file.c:12" etc., and
 * "file.h:591 (inlined)" after an inlined frame (which perf then prints
 * without its module).
 */
int
perf_srcline_like(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 0 || !isws((unsigned char)s[0]))
		return 0;
	while (n > 0 && isws((unsigned char)s[n - 1]))
		n--;
	if (perf_srcline_inlined(s, n)) {
		if (perf_tail_frame(s, n))
			return 0;	/* "addr func (inlined)" */
		n -= 10;
	}
	if (n == 0 || s[n - 1] == ')')
		return 0;	/* blank, or a frame line */
	while (i < n && isws((unsigned char)s[i]))
		i++;
	if (s[n - 1] == ']' || s[n - 1] == '?')
		return 1;
	while (n > i && isdig((unsigned char)s[n - 1]))
		n--;
	return n > i && s[n - 1] == ':';
}

/* The start of a frame line: blanks, an address, a blank. */
int
perf_tail_frame(const char *p, size_t n)
{
	size_t i = 0, k;

	while (i < n && isws((unsigned char)p[i]))
		i++;
	for (k = i; k < n && fg_ishex(p[k]); k++)
		;
	return i > 0 && k > i && k < n && isws((unsigned char)p[k]);
}

/* A source line (or frame line) that ends in " (inlined)". */
int
perf_srcline_inlined(const char *s, size_t n)
{
	return n >= 10 && memcmp(s + n - 10, " (inlined)", 10) == 0;
}

/*
 * A stack line without a module, "addr func+off": how perf script
 * -F +srcline prints an inlined frame (its source line then says
 * "(inlined)"). The frame's module is "inlined", as perf's own line
 * without the source would have said.
 */
int
perf_parse_bare_frame(const char *s, size_t n, struct frame *f)
{
	size_t i = 0, k;

	while (n > 0 && isws((unsigned char)s[n - 1]))
		n--;
	if (!perf_tail_frame(s, n))
		return 0;
	while (isws((unsigned char)s[i]))
		i++;
	for (k = i; fg_ishex(s[k]); k++)
		;
	f->pc = s + i;
	f->pclen = k - i;
	while (k < n && isws((unsigned char)s[k]))
		k++;
	if (k == n)
		return 0;
	f->func = s + k;
	f->funclen = n - k;
	f->mod = "inlined";
	f->modlen = 7;
	return 1;
}
