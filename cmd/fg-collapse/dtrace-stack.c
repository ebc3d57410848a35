/* SPDX-License-Identifier: ISC */
/*
 * dtrace-stack.c: DTrace stack frame lines cleaned as stackcollapse.pl
 * and inferno-collapse-dtrace clean them, and joined into a stack
 * (dtrace.h): "+0x.." offsets
 * dropped (kept with --includeoffset), C++ argument lists dropped after a
 * "::", "a->b" inline chains split into frames marked "_[i]", Java's
 * leading "L" dropped, partly demangled Rust names made readable, an empty
 * frame shown as "-".
 */
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "dtrace.h"

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
rustfix(const char *f, size_t n, int incoff, struct fg_buf *t,
    struct fg_buf *scratch)
{
	const char *bt = memchr(f, '`', n), *func, *plus;
	size_t fl, k;
	char *fix;

	t->len = 0;
	if (bt == NULL) {
		fg_buf_put(t, f, n);
		return;
	}
	func = bt + 1;
	fl = n - (size_t)(func - f);
	scratch->len = 0;
	fg_buf_put(scratch, NULL, fl);	/* room for the fixed name */
	fix = scratch->p;
	if (incoff && (plus = lastchr(func, fl, '+')) != NULL) {
		k = fg_rust_fixsym(func, rtrimlen(func, (size_t)(plus - func)),
		    fix);
		if (k == (size_t)-1)
			fg_buf_put(t, f, n);
		else {
			fg_buf_put(t, f, (size_t)(func - f));
			fg_buf_put(t, fix, k);
			fg_buf_put(t, plus, fl - (size_t)(plus - func));
		}
	} else if ((k = fg_rust_fixsym(func, rtrimlen(func, fl), fix)) !=
	    (size_t)-1) {
		fg_buf_put(t, f, (size_t)(func - f));
		fg_buf_put(t, fix, k);
	} else
		fg_buf_put(t, f, n);
}

void
dtrace_frame(const char *line, size_t n, int incoff, struct fg_buf *fr,
    struct fg_buf *t, struct fg_buf *scratch)
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
		fg_buf_put(fr, "-", 1);
		return;
	}
	rustfix(line, end, incoff, t, scratch);
	if (!inl) {
		fg_buf_putframe(fr, t->p, t->len);
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
			fg_buf_put(fr, ";", 1);
		fg_buf_putframe(fr, p, pl);
		if (!first)
			fg_buf_put(fr, "_[i]", 4);
		if (arrow == NULL)
			break;
		p = arrow + 2;
	}
}

void
dtrace_stack(struct fg_buf *st, const struct fg_buf *fr, const size_t *off,
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
			fg_buf_put(st, ";", 1);
		fg_buf_put(st, fr->p + a, b - a);
		if (b == a || fr->p[b - 1] == ';')
			fg_buf_put(st, "-", 1);	/* nothing left */
	}
}
