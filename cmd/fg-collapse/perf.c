/* SPDX-License-Identifier: ISC */
/*
 * perf.c: Linux "perf script" output, collapsed as FlameGraph's
 * stackcollapse-perf.pl collapses it (same options, same output), with
 * its known faults fixed: the last sample at end of input is kept, C++
 * and Rust names keep their templates and operator(), thread names may
 * hold spaces and digits, tracepoint events with arguments are filtered
 * like any other event, versioned vmlinux, kernel module and jitdump DSOs
 * are annotated, "perf script -F +srcline" lines are understood.
 *
 * The input is parsed in place, a block of whole lines at a time. A
 * sample's frames arrive leaf first; each is written in front of the
 * previous ones in a buffer that grows leftwards, so the folded stack is
 * ready when the sample ends. A large regular file is split at a blank
 * line into two halves parsed by two threads into two tables, merged.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "addr2line.h"
#include "collapse.h"
#include "sym.h"

#define BLOCK (1u << 20)	/* bytes read at a time */
#define MAXKEEP 10		/* warnings kept per worker */
#define SPLIT_MIN (8u << 20)	/* smallest file worth two threads */

/* character classes, as Perl's \s and \w see bytes */
enum { C_WS = 1, C_WORD = 2, C_DIG = 4, C_HEX = 8, C_SPEC = 16 };
static unsigned char cls[256];

static void
init_cls(void)
{
	int c;
	const char *p;

	if (cls['0'] != 0)
		return;
	for (p = " \t\n\r\f\v"; *p != '\0'; p++)
		cls[(unsigned char)*p] |= C_WS;
	for (c = 0; c < 256; c++) {
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_')
			cls[c] |= C_WORD;
		if (c >= '0' && c <= '9')
			cls[c] |= C_DIG | C_HEX;
		if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
			cls[c] |= C_HEX;
	}
	/* bytes that make a function name more than a plain copy */
	for (p = "-()<>{}[];\"'"; *p != '\0'; p++)
		cls[(unsigned char)*p] |= C_SPEC;
}

#define isws(c) (cls[(unsigned char)(c)] & C_WS)
#define isdig(c) (cls[(unsigned char)(c)] & C_DIG)
#define isword(c) (cls[(unsigned char)(c)] & C_WORD)
#define ishex(c) (cls[(unsigned char)(c)] & C_HEX)



/* ---- event lines ---- */
struct event {
	const char *comm, *pid, *tid, *ev, *period, *frame;
	size_t commlen, pidlen, tidlen, evlen, periodlen, framelen;
};

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

	for (i = 0; i < tl && ishex((unsigned char)t[i]); i++)
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
static size_t
event_line(const char *s, size_t n, struct event *ev, size_t *pad)
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
 * The event name and period as stackcollapse-perf.pl finds them,
 * /:\s*(\d+)*\s+(\S+):\s*$/; when that fails (a tracepoint's arguments,
 * or a frame on the event line), from the fields after the time.
 */
static int
event_name(const char *s, size_t n, size_t from, struct event *ev)
{
	const char *e = s + n, *b = s + from, *t, *q, *d;
	size_t tl, skip;

	ev->period = NULL;
	ev->periodlen = 0;
	ev->frame = NULL;
	ev->framelen = 0;
	b = s;			/* Perl matches anywhere in the line */
	while (e > b && isws((unsigned char)e[-1]))
		e--;
	t = e;
	while (t > b && !isws((unsigned char)t[-1]))
		t--;
	if (e - t >= 2 && e[-1] == ':' && t > b) {
		q = t;
		while (q > b && isws((unsigned char)q[-1]))
			q--;
		d = q;
		while (d > b && isdig((unsigned char)d[-1]))
			d--;
		if (d < q) {
			const char *c = d;

			while (c > b && isws((unsigned char)c[-1]))
				c--;
			if (c > b && c[-1] == ':') {
				ev->period = d;
				ev->periodlen = (size_t)(q - d);
				ev->ev = t;
				ev->evlen = (size_t)(e - t) - 1;
				return 1;
			}
		} else if (q > b && q[-1] == ':') {
			ev->ev = t;
			ev->evlen = (size_t)(e - t) - 1;
			return 1;
		}
	}
	/* fields: [cpu] time: [period] event: rest */
	e = s + n;
	for (t = s + from; t < e && isws((unsigned char)*t); t++)
		;
	skip = (size_t)(t - (s + from));
	for (;;) {
		while (t < e && isws((unsigned char)*t))
			t++;
		tl = toklen(t, e);
		if (tl == 0)
			return 0;
		/* -F comm,pid,ip,sym,dso: "comm pid addr sym (dso)" */
		if (t == s + from + skip && !header_token(t, tl) &&
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
		size_t i;

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
	t += tl;
	while (t < e && isws((unsigned char)*t))
		t++;
	tl = toklen(t, e);
	if (tl > 0) {
		size_t i;

		for (i = 0; i < tl && ishex((unsigned char)t[i]); i++)
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
static int
is_record(const char *s, size_t n, size_t from)
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
static int
line_time(const char *s, size_t n, double *t)
{
	struct event ev;
	const char *e = s + n, *p;
	size_t h, tl, pad;

	if ((h = event_line(s, n, &ev, &pad)) == 0)
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

/* ---- frame lines ---- */
struct frame {
	const char *pc, *func, *mod;
	size_t pclen, funclen, modlen;
};

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
static int
parse_frame(const char *s, size_t n, struct frame *f)
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
static int
hexpc(const struct frame *f)
{
	size_t i;

	for (i = 0; i < f->pclen && ishex((unsigned char)f->pc[i]); i++)
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

static int
is_kernel(const char *m, size_t n)
{
	if (fg_contains(m, n, "unknown"))
		return 0;
	return (n > 0 && m[0] == '[') || is_vmlinux(m, n) ||
	    fg_hassuffix(m, n, "vmlinux") ||
	    fg_hassuffix(m, n, ".ko") || fg_hassuffix(m, n, ".ko.xz") ||
	    fg_hassuffix(m, n, ".ko.gz") || fg_hassuffix(m, n, ".ko.zst");
}

static int
is_jit(const char *m, size_t n)
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
static int
is_kernel_pc(const char *pc, size_t n)
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
static size_t
cut_args(const char *s, size_t n)
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
static const char *
next_arrow(const char *base, const char *s, const char *e)
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

/* ---- a worker: parses lines into its own table ---- */
struct warnrec {
	uint64_t line;
	char msg[96];
};

struct worker {
	const struct copts *o;
	struct fg_stab *tab;
	struct fg_in *in;	/* for names in fatal errors */
	/* event filter: the user's, or the first event seen */
	struct fg_buf filter;
	int has_filter, defaulted, otherevents;
	/* the current sample */
	int inside;		/* an accepted event line was seen */
	uint64_t period;
	struct fg_buf pname;
	char *rev;		/* frames, written leftwards */
	size_t rcap, rpos;	/* content is rev[rpos..rcap) */
	size_t nframes;
	int lastframe;		/* previous line was a known frame */
	int pend;		/* line holds a frame not yet in rev */
	int64_t slot;		/* --window: the sample's window */
	struct a2l *a2l;	/* --inline */
	struct fg_buf line;	/* one frame's text */
	/* position and warnings */
	uint64_t lineno;
	uint64_t nwarn;
	struct warnrec warns[MAXKEEP];
	/* for the probe: lines understood, frames at addresses, events */
	uint64_t nknown, nhex, nevents, firstevent;
	/* the part of a regular file to read */
	int fd;
	off_t from, to;
};

static void
wwarn(struct worker *w, const char *what, const char *s, size_t n)
{
	struct warnrec *r;
	size_t i, k, m;

	if (w->nwarn++ >= MAXKEEP)
		return;
	r = &w->warns[w->nwarn - 1];
	r->line = w->lineno;
	k = (size_t)snprintf(r->msg, sizeof(r->msg), "%s", what);
	if (s == NULL || k + 4 >= sizeof(r->msg))
		return;
	m = sizeof(r->msg) - k - 4;
	r->msg[k++] = ':';
	r->msg[k++] = ' ';
	for (i = 0; i < n && i < m; i++) {
		unsigned char c = (unsigned char)s[i];

		r->msg[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (i < n && k >= 3)
		memcpy(r->msg + k - 3, "...", 3);
	r->msg[k] = '\0';
}

static void
rev_reset(struct worker *w)
{
	w->rpos = w->rcap;
	w->nframes = 0;
	w->lastframe = 0;
	w->pend = 0;
}

/* Makes room for n more bytes in front of the frames. */
static void
rev_need(struct worker *w, size_t n)
{
	size_t used = w->rcap - w->rpos, ncap;
	char *nr;

	if (w->rpos >= n)
		return;
	ncap = w->rcap ? w->rcap : 4096;
	while (ncap - used < n)
		ncap *= 2;
	nr = fg_malloc(ncap);
	if (used > 0)
		memcpy(nr + ncap - used, w->rev + w->rpos, used);
	free(w->rev);
	w->rev = nr;
	w->rcap = ncap;
	w->rpos = ncap - used;
}

/* Puts a frame (or the root, last) in front of the frames so far. */
static void
rev_prepend(struct worker *w, const char *s, size_t n)
{
	rev_need(w, n + 1);
	if (w->nframes > 0)
		w->rev[--w->rpos] = ';';
	w->rpos -= n;
	if (n > 0)
		memcpy(w->rev + w->rpos, s, n);
	w->nframes++;
}

/* Appends one frame's name, tidied and annotated, to w->line. */
static void
add_piece(struct worker *w, const struct frame *f, const char *s, size_t n,
    int inlined, int plain, int *unknown)
{
	const struct copts *o = w->o;
	struct fg_buf *b = &w->line;
	char tmp[64], *t = NULL;
	size_t start, cut, i, k;
	const char *m;
	int ann;

	if (plain) {
		start = b->len;
		fg_buf_put(b, s, n);
		goto tidied;
	}
	if (n == 9 && memcmp(s, "[unknown]", 9) == 0) {
		/* the module's base name, or "unknown" */
		if (f->modlen == 9 && memcmp(f->mod, "[unknown]", 9) == 0) {
			m = "unknown";
			k = 7;
			*unknown = 1;
		} else {
			m = f->mod;
			k = f->modlen;
			for (i = 0; i < f->modlen; i++)
				if (f->mod[i] == '/') {
					m = f->mod + i + 1;
					k = f->modlen - i - 1;
				}
		}
		n = k + 2 + (o->addrs ? f->pclen + 3 : 0);
		for (i = 0; i < k && !(cls[(unsigned char)m[i]] & C_SPEC); i++)
			;
		if (i == k) {
			/* "[libc.so.6]": nothing in it to tidy */
			start = b->len;
			fg_buf_need(b, n + 8);
			b->p[b->len++] = '[';
			memcpy(b->p + b->len, m, k);
			b->len += k;
			if (o->addrs) {
				fg_buf_put(b, " <", 2);
				fg_buf_put(b, f->pc, f->pclen);
				b->p[b->len++] = '>';
			}
			b->p[b->len++] = ']';
			goto tidied;
		}
		t = n <= sizeof(tmp) ? tmp : fg_malloc(n);
		t[0] = '[';
		memcpy(t + 1, m, k);
		if (o->addrs) {
			memcpy(t + 1 + k, " <", 2);
			memcpy(t + 3 + k, f->pc, f->pclen);
			t[n - 2] = '>';
		}
		t[n - 1] = ']';
		s = t;
	}
	cut = cut_args(s, n);
	fg_buf_need(b, cut + 8);
	start = b->len;
	for (i = 0; i < cut; i++) {
		char c = s[i];

		if (c == '"' || c == '\'')
			continue;
		b->p[b->len++] = c == ';' ? ':' : c;
	}
	if (t != NULL && t != tmp)
		free(t);
tidied:
	/* Java: Lorg/foo/Bar; becomes org/foo/Bar: */
	if (w->pname.len >= 4 && memcmp(w->pname.p, "java", 4) == 0 &&
	    b->len > start && b->p[start] == 'L' &&
	    memchr(b->p + start, '/', b->len - start) != NULL) {
		memmove(b->p + start, b->p + start + 1, b->len - start - 1);
		b->len--;
	}
	ann = 0;
	if (inlined)
		ann = 'i';
	else if (o->kernel && (is_kernel(f->mod, f->modlen) ||
	    (f->modlen == 7 && memcmp(f->mod, "inlined", 7) == 0 &&
	    is_kernel_pc(f->pc, f->pclen))))
		ann = 'k';
	else if (o->jit && is_jit(f->mod, f->modlen))
		ann = 'j';
	if (ann != 0) {
		char a[5] = { '_', '[', (char)ann, ']', '\0' };

		if (ann == 'k' || !fg_contains(b->p + start, b->len - start, a))
			fg_buf_put(b, a, 4);
	}
}

/* Puts the frame held back for its source line in front. */
static void
flush_frame(struct worker *w)
{
	if (w->pend) {
		rev_prepend(w, w->line.p, w->line.len);
		w->pend = 0;
	}
}

/* A stack line of the current sample. */
static void
on_frame(struct worker *w, const struct frame *f)
{
	const char *s = f->func, *e = f->func + f->funclen, *p, *q, *h;
	const char *limit = NULL;
	int unknown = 0, npieces = 0;

	flush_frame(w);
	/* s/\+0x[\da-f]+$// */
	for (h = e; h > s && (isdig((unsigned char)h[-1]) ||
	    (h[-1] >= 'a' && h[-1] <= 'f')); h--)
		;
	if (h < e && h - s >= 3 && memcmp(h - 3, "+0x", 3) == 0)
		e = h - 3;
	if (s < e && s[0] == '(' &&
	    !fg_hasprefix(s, (size_t)(e - s), "(anonymous namespace)"))
		return;		/* process names */
	for (q = s; q < e && !(cls[(unsigned char)*q] & C_SPEC); q++)
		;
	if (q == e) {
		/* the common case: nothing to split, cut or tidy */
		w->line.len = 0;
		add_piece(w, f, s, (size_t)(e - s), 0, 1, &unknown);
		w->pend = 1;
		w->lastframe = 1;
		return;
	}
	if (memchr(q, '-', (size_t)(e - q)) == NULL) {
		/* one piece: no "->" */
		w->line.len = 0;
		add_piece(w, f, s, (size_t)(e - s), 0, 0, &unknown);
		w->pend = 1;
		w->lastframe = !unknown;
		return;
	}
	/* split on "->" (Java inlining); trailing empty fields go */
	for (q = s;; q = p + 2) {
		p = next_arrow(s, q, e);
		if (p > q)
			limit = p;
		if (p == e)
			break;
	}
	if (limit == NULL)
		return;
	w->line.len = 0;
	for (q = s;; q = p + 2) {
		p = next_arrow(s, q, e);
		if (npieces > 0)
			fg_buf_put(&w->line, ";", 1);
		add_piece(w, f, q, (size_t)(p - q), npieces > 0, 0, &unknown);
		npieces++;
		if (p >= limit)
			break;
	}
	w->pend = 1;
	w->lastframe = !unknown;
}

/*
 * --inline: the frame as addr2line expands it, taken as it comes (as
 * stackcollapse-perf.pl takes it); 0 when addr2line knows nothing of it.
 */
static int
inline_frame(struct worker *w, const struct frame *f)
{
	const char *r;
	size_t n;

	if ((r = a2l_frames(w->a2l, f->mod, f->modlen, f->pc, f->pclen,
	    &n)) == NULL)
		return 0;
	flush_frame(w);
	rev_prepend(w, r, n);
	w->lastframe = 1;
	return 1;
}

/* A "perf script -F +srcline" line after a frame: "file.c:12" etc. */
static int
srcline_like(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 0 || !isws((unsigned char)s[0]))
		return 0;
	while (n > 0 && isws((unsigned char)s[n - 1]))
		n--;
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

/* --srcline: the held frame gets ":file.c:12" appended, as Perl does. */
static void
add_srcline(struct worker *w, const char *s, size_t n)
{
	struct fg_buf *b = &w->line;
	size_t i = 0, j, start = b->len;

	/* s/\[.*?\]//g, then trim */
	fg_buf_need(b, n + 1);
	b->p[b->len++] = ':';
	while (i < n) {
		if (s[i] == '[') {
			for (j = i + 1; j < n && s[j] != ']'; j++)
				;
			if (j < n) {
				i = j + 1;
				continue;
			}
		}
		b->p[b->len++] = s[i++];
	}
	for (i = start + 1; i < b->len && isws((unsigned char)b->p[i]); i++)
		;
	memmove(b->p + start + 1, b->p + i, b->len - i);
	b->len -= i - (start + 1);
	while (b->len > start + 1 && isws((unsigned char)b->p[b->len - 1]))
		b->len--;
	if (b->len == start + 1)
		b->len = start;
}

static void
end_sample(struct worker *w)
{
	struct fg_ent *e;
	fg_count c;
	size_t klen;

	flush_frame(w);
	if (!w->inside)
		goto out;
	if (w->tab == NULL)
		goto out;	/* probing */
	rev_prepend(w, w->pname.p, w->pname.len);
	if (window_on(w->o)) {
		rev_need(w, WINDOW_KEYLEN);
		w->rpos -= window_key(w->o, w->slot, w->rev + w->rpos -
		    WINDOW_KEYLEN) ? WINDOW_KEYLEN : 0;
	}
	klen = w->rcap - w->rpos;
	e = fg_stab_get(w->tab, w->rev + w->rpos, klen);
	c.i = (int64_t)w->period;
	c.f = 0;
	if (fg_count_add(&e->c[0], c) < 0)
		fg_sum_overflow(w->in->name, 0);
out:
	w->inside = 0;
	rev_reset(w);
}

/* --since, --until, --window: whether the sample is kept, and where. */
static int
in_window(struct worker *w, const char *s, size_t n)
{
	double t;

	if (!line_time(s, n, &t)) {
		wwarn(w, "sample without a timestamp, outside every time "
		    "window", s, n);
		w->inside = 0;
		rev_reset(w);
		return 0;
	}
	if ((w->slot = window_slot(w->o, t)) < 0) {
		w->inside = 0;
		rev_reset(w);
		return 0;
	}
	return 1;
}

static void
on_event(struct worker *w, const char *s, size_t n, const struct event *ev,
    int named)
{
	uint64_t period = 0;
	size_t i;

	if (named) {
		if (!w->has_filter) {
			w->filter.len = 0;
			fg_buf_put(&w->filter, ev->ev, ev->evlen);
			w->has_filter = 1;
			w->defaulted = 1;
		} else if (ev->evlen != w->filter.len ||
		    memcmp(ev->ev, w->filter.p, ev->evlen) != 0) {
			w->otherevents = 1;
			return;
		}
	}
	for (i = 0; i < ev->periodlen; i++) {
		unsigned d = (unsigned)(ev->period[i] - '0');

		if (i >= 18 && period > (uint64_t)(INT64_MAX - d) / 10) {
			wwarn(w, "period out of range", s, n);
			w->inside = 0;
			rev_reset(w);
			return;
		}
		period = period * 10 + d;
	}
	if (window_on(w->o) && !in_window(w, s, n))
		return;
	/* Perl: a period of "0" (false) or none counts 1 */
	if (ev->periodlen == 0 ||
	    (ev->periodlen == 1 && ev->period[0] == '0'))
		period = 1;
	w->period = period;
	w->inside = 1;
	w->pname.len = 0;
	fg_buf_put(&w->pname, ev->comm, ev->commlen);
	if (w->o->tid || w->o->pid) {
		const char *pid = ev->pid, *tid = ev->tid;
		size_t pl = ev->pidlen, tl = ev->tidlen;

		/* Perl: no tid (or "0") means the number is the tid */
		if (tl == 0 || (tl == 1 && tid[0] == '0')) {
			tid = pid;
			tl = pl;
			pid = "?";
			pl = 1;
		}
		fg_buf_put(&w->pname, "-", 1);
		fg_buf_put(&w->pname, pid, pl);
		if (w->o->tid) {
			fg_buf_put(&w->pname, "/", 1);
			fg_buf_put(&w->pname, tid, tl);
		}
	}
	/* spaces as stackcollapse-perf.pl; ';' as in every frame (fg-folded(5)) */
	for (i = 0; i < w->pname.len; i++)
		if (w->pname.p[i] == ' ')
			w->pname.p[i] = '_';
		else if (w->pname.p[i] == ';')
			w->pname.p[i] = ':';
	w->lastframe = 0;
}

/* One line (without its newline). */
static void
on_line(struct worker *w, const char *s, size_t n)
{
	struct event ev;
	struct frame f;
	size_t h, pad;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (n == 0) {
		end_sample(w);
		return;
	}
	if (s[0] == '#')
		return;
	if ((h = event_line(s, n, &ev, &pad)) != 0) {
		int named;

		w->nknown++;
		named = event_name(s + pad, n - pad, h, &ev);
		if (named ? fg_hasprefix(ev.ev, ev.evlen, "PERF_RECORD_") :
		    is_record(s + pad, n - pad, h)) {
			/* --show-mmap-events, --show-task-events: no sample */
			flush_frame(w);
			w->inside = 0;
			rev_reset(w);
			return;
		}
		if (w->nevents++ == 0)
			w->firstevent = w->lineno;
		if (w->tab == NULL && ev.frame != NULL &&
		    parse_frame(ev.frame, ev.framelen, &f))
			w->nhex += hexpc(&f);	/* probing */
		flush_frame(w);
		on_event(w, s + pad, n - pad, &ev, named);
		if (w->inside && ev.frame != NULL &&
		    parse_frame(ev.frame, ev.framelen, &f)) {
			/* a sample on one line (no call graph) */
			on_frame(w, &f);
			end_sample(w);
		}
		return;
	}
	if (isws((unsigned char)s[0]) && w->lastframe && srcline_like(s, n) &&
	    !parse_frame(s, n, &f)) {
		if (w->o->srcline && w->pend)
			add_srcline(w, s, n);
		flush_frame(w);
		w->lastframe = 0;
		w->nknown++;
		return;
	}
	if (parse_frame(s, n, &f)) {
		if (w->inside && !(w->a2l != NULL && inline_frame(w, &f)))
			on_frame(w, &f);
		w->nknown++;
		if (w->tab == NULL)
			w->nhex += hexpc(&f);	/* probing */
		return;
	}
	flush_frame(w);
	w->lastframe = 0;
	wwarn(w, "unrecognised line", s, n);
}

/* Parses buf[0..n): whole lines, the last one possibly unterminated. */
static void
parse_block(struct worker *w, const char *b, size_t n)
{
	const char *p = b, *e = b + n, *nl;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			nl = e;
		w->lineno++;
		on_line(w, p, (size_t)(nl - p));
		p = nl + 1;
	}
}

static void
worker_init(struct worker *w, const struct copts *o, struct fg_stab *tab,
    struct fg_in *in)
{
	memset(w, 0, sizeof(*w));
	w->o = o;
	w->tab = tab;
	w->in = in;
	if (o->event_filter != NULL) {
		fg_buf_put(&w->filter, o->event_filter, strlen(o->event_filter));
		w->has_filter = 1;
	}
	if (o->inline_ && tab != NULL)
		w->a2l = a2l_new(o->context);
	rev_need(w, 4096);
	rev_reset(w);
}

static void
worker_free(struct worker *w)
{
	a2l_free(w->a2l);
	free(w->filter.p);
	free(w->pname.p);
	free(w->line.p);
	free(w->rev);
}

/* Parses the bytes of in that are left, as fg_in buffers them. */
static void
run_stream(struct worker *w, struct fg_in *in)
{
	const char *b, *q;
	size_t have, want = BLOCK, n;

	for (;;) {
		b = fg_in_peek(in, want, &have);
		if (have == 0)
			break;
		n = have;
		if (!in->eof) {
			for (q = b + have; q > b && q[-1] != '\n'; q--)
				;
			if (q == b) {
				want = have * 2;	/* a long line */
				continue;
			}
			n = (size_t)(q - b);
		}
		parse_block(w, in->buf + in->pos, n);
		in->pos += n;
		want = BLOCK;
	}
	end_sample(w);
}

/* Reads and parses [from, to) of a regular file with pread. */
static void *
run_region(void *arg)
{
	struct worker *w = arg;
	struct fg_buf b = { NULL, 0, 0 };
	off_t off = w->from;
	ssize_t r;
	size_t keep = 0, n, i;

	fg_buf_need(&b, BLOCK + 1);
	for (;;) {
		size_t room = b.cap - keep - 1, want;

		want = (off_t)room > w->to - off ? (size_t)(w->to - off) : room;
		r = want > 0 ? pread(w->fd, b.p + keep, want, off) : 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			fg_err(FG_EXIT_ERR, "%s: read error", w->in->name);
		}
		off += r;
		n = keep + (size_t)r;
		if (r == 0) {
			if (n > 0)
				parse_block(w, b.p, n);
			break;
		}
		for (i = n; i > 0 && b.p[i - 1] != '\n'; i--)
			;
		if (i == 0) {
			/* no newline in the whole buffer: grow it */
			keep = n;
			b.len = n;
			fg_buf_need(&b, b.cap);
			continue;
		}
		parse_block(w, b.p, i);
		memmove(b.p, b.p + i, n - i);
		keep = n - i;
	}
	end_sample(w);
	free(b.p);
	return NULL;
}

/*
 * Finds the event of the first sample in [0, lim) of the file, so that
 * the second half is filtered as one pass would have filtered it.
 */
static int
first_event(struct worker *w, int fd, off_t start, off_t lim)
{
	struct worker t;
	char *b = fg_malloc(BLOCK + 1);
	off_t off = start;
	ssize_t r;
	size_t i, s, n;

	worker_init(&t, w->o, NULL, w->in);
	while (off < lim && !t.has_filter) {
		r = pread(fd, b, BLOCK, off);
		if (r <= 0)
			break;
		n = (size_t)r;
		for (i = n; i > 0 && b[i - 1] != '\n'; i--)
			;
		if (i == 0)
			break;	/* an enormous line: give up on threads */
		for (s = 0; s < i && !t.has_filter;) {
			char *nl = memchr(b + s, '\n', i - s);
			struct event ev;
			size_t h, pad, len = (size_t)(nl - b - s);

			if ((h = event_line(b + s, len, &ev, &pad)) &&
			    event_name(b + s + pad, len - pad, h, &ev)) {
				fg_buf_put(&t.filter, ev.ev, ev.evlen);
				t.has_filter = 1;
			}
			s = (size_t)(nl - b) + 1;
		}
		off += (off_t)i;
	}
	free(b);
	if (t.has_filter) {
		w->filter.len = 0;
		fg_buf_put(&w->filter, t.filter.p, t.filter.len);
		w->has_filter = 1;
		w->defaulted = 1;
	}
	worker_free(&t);
	return w->has_filter;
}

/* Offset just after the first blank line at or after off, or -1. */
static off_t
blank_after(int fd, off_t off, off_t end)
{
	char b[65536];
	ssize_t r;
	size_t i;
	int nl = 0;

	while (off < end) {
		r = pread(fd, b, sizeof(b), off);
		if (r <= 0)
			return -1;
		for (i = 0; i < (size_t)r; i++) {
			if (b[i] == '\n') {
				if (nl)
					return off + (off_t)i + 1;
				nl = 1;
			} else if (!(b[i] == '\r' && nl))
				nl = 0;
		}
		off += r;
	}
	return -1;
}

static int
ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 2 ? 2 : (int)n;
}

static void
report(struct worker *w, struct fg_in *in, uint64_t base)
{
	uint64_t i;

	for (i = 0; i < w->nwarn && i < MAXKEEP; i++) {
		in->lineno = base + w->warns[i].line;
		fg_in_warn(in, "%s", w->warns[i].msg);
	}
	if (w->nwarn > MAXKEEP) {
		in->nbad += w->nwarn - MAXKEEP;
		in->nwarn += (unsigned)(w->nwarn - MAXKEEP);
		fg_status = fg_status > FG_EXIT_DATA ? fg_status :
		    FG_EXIT_DATA;
	}
}

/*
 * Bytes [start, size) of the regular file fd, in two threads when large;
 * the input in is used up.
 */
static void
run_fd(struct worker *w1, struct fg_in *in, const struct copts *o,
    struct fg_stab *tab, int fd, off_t start, off_t size)
{
	struct worker w2;
	off_t mid;
	pthread_t th;
	struct fg_ent *e;

	w1->fd = fd;
	w1->from = start;
	w1->to = size;
	in->pos = in->end;
	in->eof = 1;
	if (o->nothreads || o->inline_ || ncpus() < 2 ||
	    size - start < (off_t)SPLIT_MIN ||
	    (mid = blank_after(fd, start + (size - start) / 2, size)) < 0 ||
	    mid >= size ||
	    (!w1->has_filter && !first_event(w1, fd, start, mid))) {
		/* one thread */
		run_region(w1);
		report(w1, in, 0);
		in->lineno = w1->lineno;
		return;
	}
	worker_init(&w2, o, fg_stab_new(1), in);
	fg_buf_put(&w2.filter, w1->filter.p, w1->filter.len);
	w2.has_filter = 1;
	w2.defaulted = w1->defaulted;
	w2.fd = fd;
	w1->from = start;
	w1->to = mid;
	w2.from = mid;
	w2.to = size;
	if (pthread_create(&th, NULL, run_region, &w2) != 0) {
		fg_stab_free(w2.tab);
		worker_free(&w2);
		w1->to = size;
		run_region(w1);
		report(w1, in, 0);
		in->lineno = w1->lineno;
		return;
	}
	run_region(w1);
	if ((errno = pthread_join(th, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_join");
	for (e = fg_stab_first(w2.tab); e != NULL; e = e->next)
		if (fg_count_add(&fg_stab_get(tab, fg_ent_key(w2.tab, e),
		    e->len)->c[0], e->c[0]) < 0)
			fg_errx(FG_EXIT_ERR, "%s: sum of counts overflows "
			    "2^63-1", in->name);
	report(w1, in, 0);
	report(&w2, in, w1->lineno);
	in->lineno = w1->lineno + w2.lineno;
	w1->otherevents |= w2.otherevents;
	fg_stab_free(w2.tab);
	worker_free(&w2);
}

/* The start of what is left of in when it is a regular file, or -1. */
static off_t
file_start(struct fg_in *in, off_t *size)
{
	struct stat sb;
	off_t cur, start;

	if (fstat(in->fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (cur = lseek(in->fd, 0, SEEK_CUR)) < 0)
		return -1;
	start = cur - (off_t)(in->end - in->pos);
	if (start < 0 || start > sb.st_size)
		return -1;
	*size = sb.st_size;
	return start;
}


/* ---- time windows ---- */

/* The first sample time in [from, to) of fd; NAN when there is none. */
static double
fd_first_time(int fd, off_t from, off_t to)
{
	char *b = fg_malloc(BLOCK);
	const char *nl;
	double t = NAN, x;
	off_t off = from;
	ssize_t r;
	size_t n, s, e;
	int skip = 0;		/* inside a line longer than BLOCK */

	while (off < to && isnan(t)) {
		n = to - off < (off_t)BLOCK ? (size_t)(to - off) : BLOCK;
		if ((r = pread(fd, b, n, off)) <= 0)
			break;
		n = (size_t)r;
		for (s = 0; s < n && isnan(t); s = e + 1) {
			nl = memchr(b + s, '\n', n - s);
			if (nl == NULL && off + (off_t)n < to) {
				if (s == 0) {
					skip = 1;
					s = n;
				}
				break;	/* read the rest of the line again */
			}
			e = nl != NULL ? (size_t)(nl - b) : n;
			if (!skip && line_time(b + s, e - s, &x))
				t = x;
			skip = 0;
		}
		off += (off_t)s;
	}
	free(b);
	return t;
}

/*
 * The last sample time in [from, to) of fd, read backwards from the end a
 * block at a time; NAN when there is none.
 */
static double
fd_last_time(int fd, off_t from, off_t to)
{
	char *b = fg_malloc(BLOCK);
	double t = NAN;
	off_t end = to, lo;
	size_t n, e, s;

	while (end > from && isnan(t)) {
		lo = end - from > (off_t)BLOCK ? end - (off_t)BLOCK : from;
		n = (size_t)(end - lo);
		if (pread(fd, b, n, lo) != (ssize_t)n)
			break;
		for (e = n; isnan(t); e = s - 1) {
			for (s = e; s > 0 && b[s - 1] != '\n'; s--)
				;
			if (s == 0 && lo > from)
				break;	/* the line starts in an earlier block */
			(void)line_time(b + s, e - s, &t);
			if (s == 0)
				break;
		}
		/* a line longer than a block: its start is checked next */
		end = e == n ? lo : lo + (off_t)e;
	}
	free(b);
	return t;
}

/* A pipe's first sample time, from what can be read ahead; or NAN. */
static double
peek_first_time(struct fg_in *in)
{
	const char *b, *nl;
	size_t want = 64u << 10, have, s, e;
	double t;

	for (;;) {
		b = fg_in_peek(in, want, &have);
		for (s = 0; s < have; s = e + 1) {
			nl = memchr(b + s, '\n', have - s);
			if (nl == NULL && have >= want)
				break;
			e = nl != NULL ? (size_t)(nl - b) : have;
			if (line_time(b + s, e - s, &t))
				return t;
		}
		if (have < want || want >= (64u << 20))
			return NAN;
		want *= 4;
	}
}

/*
 * A bound before the end of a pipe needs its last sample: the rest of the
 * input is copied to an unlinked file in TMPDIR, then read from there.
 */
static int
spool(struct fg_in *in, off_t *size)
{
	const char *dir = getenv("TMPDIR"), *b;
	char *path;
	size_t have, k;
	ssize_t r;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	path = fg_malloc(strlen(dir) + 32);
	snprintf(path, strlen(dir) + 32, "%s/fg-collapse.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0)
		fg_err(FG_EXIT_ERR, "%s", path);
	(void)unlink(path);
	*size = 0;
	while (b = fg_in_peek(in, BLOCK, &have), have > 0) {
		for (k = 0; k < have; k += (size_t)r)
			if ((r = write(fd, b + k, have - k)) < 0 &&
			    errno != EINTR)
				fg_err(FG_EXIT_ERR, "%s", path);
			else if (r < 0)
				r = 0;
		in->pos += have;
		*size += (off_t)have;
	}
	free(path);
	return fd;
}

/* Places --since, --until and --window for this input. */
static void
resolve(struct fg_in *in, const struct copts *o, int fd, off_t start,
    off_t size)
{
	int need = window_needs(o);
	double first = NAN, last = NAN;

	if (need & WIN_FIRST)
		first = start >= 0 ? fd_first_time(fd, start, size) :
		    peek_first_time(in);
	if (need & WIN_LAST)
		last = fd_last_time(fd, start, size);
	window_resolve(o, in, first, last);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct worker w;
	off_t start, size = 0;
	int fd = in->fd, tmp = -1;

	init_cls();
	worker_init(&w, o, tab, in);
	start = file_start(in, &size);
	if (window_on(o)) {
		if (start < 0 && window_needs(o) & WIN_LAST) {
			fd = tmp = spool(in, &size);
			start = 0;
		}
		resolve(in, o, fd, start, size);
	}
	if (start >= 0)
		run_fd(&w, in, o, tab, fd, start, size);
	else {
		run_stream(&w, in);
		report(&w, in, 0);
		in->lineno = w.lineno;
	}
	if (tmp >= 0)
		(void)close(tmp);
	if (w.otherevents && w.defaulted)
		fg_warnx("%s: several event types; only \"%.*s\" counted "
		    "(see --event-filter)", in->name, (int)w.filter.len,
		    w.filter.p);
	worker_free(&w);
}

/* The start of a frame line: blanks, an address, a blank. */
static int
tail_frame(const char *p, size_t n)
{
	size_t i = 0, k;

	while (i < n && isws((unsigned char)p[i]))
		i++;
	for (k = i; k < n && ishex((unsigned char)p[k]); k++)
		;
	return i > 0 && k > i && k < n && isws((unsigned char)p[k]);
}

/*
 * perf script output is what this parser reads: the whole lines of the
 * head are parsed as a run would parse them, and they are perf when they
 * give samples with frames at addresses, at most a third of them being
 * unrecognised (each is then a warning of the run).
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	static const struct copts none;
	struct fg_in in;
	struct worker w;
	const char *nl;
	size_t m;
	int score = 0;

	init_cls();
	/* binary input (a gzip'd pprof profile) is not perf script text */
	nl = memchr(head, '\n', n < 512 ? n : 512);
	if (memchr(head, '\0', nl != NULL ? (size_t)(nl - head) :
	    n < 512 ? n : 512) != NULL)
		return 0;
	/* a partial last line decides nothing, unless it is all there is */
	for (m = n; m > 0 && head[m - 1] != '\n'; m--)
		;
	if (m == 0)
		m = n;
	memset(&in, 0, sizeof(in));
	in.name = "(detection)";
	worker_init(&w, &none, NULL, &in);
	parse_block(&w, head, m);
	if (w.nhex == 0 && w.inside && m < n && tail_frame(head + m, n - m))
		w.nhex = 1;	/* a frame line longer than the head */
	if (w.nevents > 0 && w.nhex > 0 && w.nwarn * 2 <= w.nknown)
		score = PROBE_YES;
	else if (w.nevents > 0 && w.nhex > 0)
		score = probe_why(why, 60, "line %llu: %s, and %llu more of "
		    "%llu lines not understood",
		    (unsigned long long)w.warns[0].line, w.warns[0].msg,
		    (unsigned long long)w.nwarn - 1,
		    (unsigned long long)(w.nwarn + w.nknown));
	else if (w.nevents > 0)
		score = probe_why(why, 30, "line %llu: an event line without "
		    "stack lines after it",
		    (unsigned long long)w.firstevent);
	worker_free(&w);
	return score;
}

const struct cfmt fmt_perf = {
	"perf", "Linux perf script output (stackcollapse-perf.pl)", probe, run,
	CFMT_TIMED | CFMT_ROOT_FIRST
};
