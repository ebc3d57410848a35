/* SPDX-License-Identifier: ISC */
/*
 * dtrace.c: DTrace aggregations of stacks, as printed by
 *   dtrace -n 'profile-997 { @[stack()] = count(); }'   (or ustack(), both)
 *
 *	CPU     ID                    FUNCTION:NAME
 *	  0  75961                       :tick-30s
 *
 *	              unix`mach_cpu_idle+0x6
 *	              unix`idle+0x114
 *	              unix`thread_start+0x8
 *	             2041
 * becomes
 *	unix`thread_start;unix`idle;unix`mach_cpu_idle 2041
 *
 * A header (up to the first blank line) is skipped; then each stack is
 * frame lines, leaf first, ending with a line holding only its count.
 * Frames are cleaned as stackcollapse.pl and inferno-collapse-dtrace
 * clean them: "+0x.." offsets dropped (kept but on the leaf with
 * --includeoffset), C++ argument lists dropped after a "::", "a->b"
 * inline chains split into frames marked "_[i]", Java's leading "L" and
 * ';' fixed, partly demangled Rust names made readable, an empty frame
 * shown as "-"; then joined into a stack, root first.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "collapse.h"
#include "fg.h"

/*
 * One frame line of n bytes, cleaned, appended to fr (inline parts joined
 * by ';'); incoff: --includeoffset. t and scratch are work buffers.
 */
static void dtrace_frame(const char *line, size_t n, int incoff, struct buf *fr,
    struct buf *t, struct buf *scratch);
/*
 * The stack of the noff frames in fr (frame k from off[k]; leaf first, as
 * DTrace prints them) into st, root first; with incoff (--includeoffset)
 * the leaf's offset dropped, as stackcollapse.pl does.
 */
static void dtrace_stack(struct buf *st, const struct buf *fr,
    const size_t *off, size_t noff, int incoff);

static const char *
lastchr(const char *s, size_t n, char c)
{
	while (n > 0)
		if (s[--n] == c)
			return s + n;
	return NULL;
}

/* "a::b(int)" -> "a::b": cut at the last '(' or '<' after the first "::" */
static size_t
uncpp(const char *f, size_t n)
{
	size_t i, sc;

	for (sc = 0; sc + 1 < n; sc++)
		if (f[sc] == ':' && f[sc + 1] == ':')
			break;
	if (sc + 1 >= n)
		return n;
	for (i = n; i > sc + 2; i--)
		if (f[i - 1] == '(' || f[i - 1] == '<')
			return i - 1;
	return n;
}

static size_t
rtrimlen(const char *s, size_t n)
{
	while (n > 0 && fg_isws(s[n - 1]))
		n--;
	return n;
}

/* "module`rustsym+off": the Rust part made readable, into t */
static void
rustfix(const char *f, size_t n, int incoff, struct buf *t,
    struct buf *scratch)
{
	const char *bt = memchr(f, '`', n), *func, *plus;
	size_t fl, k;
	char *fix;

	t->len = 0;
	if (bt == NULL) {
		buf_put(t, f, n);
		return;
	}
	func = bt + 1;
	fl = n - (size_t)(func - f);
	scratch->len = 0;
	buf_put(scratch, NULL, fl);	/* room for the fixed name */
	fix = scratch->p;
	if (incoff && (plus = lastchr(func, fl, '+')) != NULL) {
		k = rust_fixsym(func, rtrimlen(func, (size_t)(plus - func)),
		    fix);
		if (k == (size_t)-1)
			buf_put(t, f, n);
		else {
			buf_put(t, f, (size_t)(func - f));
			buf_put(t, fix, k);
			buf_put(t, plus, fl - (size_t)(plus - func));
		}
	} else if ((k = rust_fixsym(func, rtrimlen(func, fl), fix)) !=
	    (size_t)-1) {
		buf_put(t, f, (size_t)(func - f));
		buf_put(t, fix, k);
	} else
		buf_put(t, f, n);
}

static void
dtrace_frame(const char *line, size_t n, int incoff, struct buf *fr,
    struct buf *t, struct buf *scratch)
{
	size_t i, end = n, pl;
	int inl = incoff, cpp = incoff, first;
	const char *p, *e, *arrow;

	if (!incoff)
		for (i = 0; i < n; i++) {
			if (line[i] == '>' && i > 0 && line[i - 1] == '-')
				inl = 1;
			else if (line[i] == ':' && i > 0 && line[i - 1] == ':')
				cpp = 1;
			else if (line[i] == '+')
				end = i;
		}
	if (cpp)
		end = uncpp(line, end);
	if (end == 0) {
		buf_put(fr, "-", 1);
		return;
	}
	rustfix(line, end, incoff, t, scratch);
	if (!inl) {
		buf_putframe(fr, t->p, t->len);
		return;
	}
	p = t->p;
	e = t->p + t->len;
	for (first = 1; ; first = 0) {
		arrow = fg_memmem(p, (size_t)(e - p), "->", 2);
		pl = arrow != NULL ? (size_t)(arrow - p) : (size_t)(e - p);
		while (pl > 0 && *p == 'L') {
			p++;
			pl--;
		}
		if (!first)
			buf_put(fr, ";", 1);
		buf_putframe(fr, p, pl);
		if (!first)
			buf_put(fr, "_[i]", 4);
		if (arrow == NULL)
			break;
		p = arrow + 2;
	}
}

static void
dtrace_stack(struct buf *st, const struct buf *fr, const size_t *off,
    size_t noff, int incoff)
{
	const char *semi, *plus;
	size_t k, a, b, i;

	st->len = 0;
	for (k = noff; k-- > 0;) {
		a = off[k];
		b = k + 1 < noff ? off[k + 1] : fr->len;
		if (incoff && k == 0) {
			/* the leaf's offset goes, as in the Perl */
			semi = lastchr(fr->p + a, b - a, ';');
			i = semi != NULL ? (size_t)(semi - fr->p) : a;
			plus = lastchr(fr->p + i, b - i, '+');
			if (plus != NULL)
				b = (size_t)(plus - fr->p);
		}
		if (st->len > 0)
			buf_put(st, ";", 1);
		buf_put(st, fr->p + a, b - a);
		if (b == a || fr->p[b - 1] == ';')
			buf_put(st, "-", 1);	/* nothing left */
	}
}

static int
alldigits(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct buf fr = { 0 }, t = { 0 }, st = { 0 }, sc = { 0 };
	size_t *off = NULL, noff = 0, offcap = 0, len, n;
	const char *s;
	char *line;
	fg_count c;
	int hdr = 1;

	while ((line = fg_in_line(in, &len)) != NULL) {
		n = len;
		s = trim(line, &n);
		if (hdr) {
			if (n == 0)
				hdr = 0;
			continue;
		}
		if (n == 0)
			continue;
		if (!alldigits(s, n)) {
			if (noff == offcap) {
				offcap = offcap ? offcap * 2 : 64;
				off = fg_reallocarray(off, offcap,
				    sizeof(*off));
			}
			off[noff++] = fr.len;
			dtrace_frame(s, n, o->includeoffset, &fr, &t, &sc);
			continue;
		}
		if (fg_count_parse(s, n, &c) != FG_NUM_OK) {
			fg_in_warn(in, "count out of range: %.*s; stack "
			    "skipped", (int)(n > 40 ? 40 : n), s);
			noff = fr.len = 0;
			continue;
		}
		dtrace_stack(&st, &fr, off, noff, o->includeoffset);
		if (noff == 0)
			fg_in_warn(in, "count without a stack; skipped");
		else
			collapse_add(tab, st.p, st.len, c, in);
		noff = fr.len = 0;
	}
	if (hdr)
		fg_in_warn(in, "input ended while skipping the header (no "
		    "blank line)");
	else if (noff > 0)
		fg_in_warn(in, "input ends in the middle of a stack; its %zu "
		    "frames are skipped", noff);
	free(off);
	free(fr.p);
	free(t.p);
	free(st.p);
	free(sc.p);
}

static int
ishexaddr(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	return 1;
}

/*
 * After the first blank line: frame lines (with a '`' or a hex address)
 * then a count line. Anything else first means another format.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl, *s;
	size_t len;
	int blank = 0, frames = 0;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			break;		/* a partial line decides nothing */
		len = (size_t)(nl - p);
		s = trim(p, &len);
		p = nl + 1;
		if (len == 0) {
			blank = 1;
			continue;
		}
		if (!blank)
			continue;
		if (alldigits(s, len))
			return frames > 0 ? PROBE_YES : probe_why(why, 30,
			    "a count without stack frames above it");
		if (memchr(s, '`', len) != NULL || ishexaddr(s, len))
			frames++;
		else
			return 0;
	}
	return 0;
}

const struct cfmt fmt_dtrace = {
	"dtrace", "DTrace aggregated stack()/ustack() counts", probe, run, 0
};
