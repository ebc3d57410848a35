/* SPDX-License-Identifier: ISC */
/*
 * name.c: a perf stack line's frame named as stackcollapse-perf.pl
 * names it: the offset cut, Java's "->" inlining split, argument lists
 * cut, "[unknown]" given its module, the _[k], _[j], _[i] annotations,
 * addr2line's frames for --inline and a source line for --srcline. The
 * name is held in w->line until the next line (perf.h's flush_frame).
 */
#include <stdlib.h>
#include <string.h>

#include "perf.h"

/*
 * "[unknown]" as stackcollapse-perf.pl names it: the module's base name
 * in brackets, or "[unknown]" (*unknown set), with " <addr>" for --addrs.
 * Appended to b when nothing in it needs tidying (returns NULL); else
 * written to tmp (*n bytes) or, when longer, to malloc'd memory.
 */
static char *
unknown_name(const struct copts *o, const struct frame *f, struct buf *b,
    char *tmp, size_t tmpsz, size_t *n, int *unknown)
{
	const char *m = f->mod;
	size_t i, k = f->modlen;
	char *t;

	if (f->modlen == 9 && memcmp(f->mod, "[unknown]", 9) == 0) {
		m = "unknown";
		k = 7;
		*unknown = 1;
	} else {
		/* the base name: from the end, as paths are long */
		for (i = f->modlen; i > 0 && f->mod[i - 1] != '/'; i--)
			;
		m = f->mod + i;
		k = f->modlen - i;
	}
	*n = k + 2 + (o->addrs ? f->pclen + 3 : 0);
	for (i = 0; i < k && !(perf_cls[(unsigned char)m[i]] & C_SPEC); i++)
		;
	if (i == k) {
		/* "[libc.so.6]": nothing in it to tidy */
		buf_need(b, *n + 8);
		b->p[b->len++] = '[';
		memcpy(b->p + b->len, m, k);
		b->len += k;
		if (o->addrs) {
			buf_put(b, " <", 2);
			buf_put(b, f->pc, f->pclen);
			b->p[b->len++] = '>';
		}
		b->p[b->len++] = ']';
		return NULL;
	}
	t = *n <= tmpsz ? tmp : fg_malloc(*n);
	t[0] = '[';
	memcpy(t + 1, m, k);
	if (o->addrs) {
		memcpy(t + 1 + k, " <", 2);
		memcpy(t + 3 + k, f->pc, f->pclen);
		t[*n - 2] = '>';
	}
	t[*n - 1] = ']';
	return t;
}

/*
 * The name appended at b->p + start made as stackcollapse-perf.pl makes
 * it: Java's Lorg/foo/Bar; loses its L, and _[i], _[k] or _[j] follows
 * an inlined, kernel or JIT frame when asked for.
 */
static void
annotate(struct worker *w, const struct frame *f, size_t start, int inlined)
{
	const struct copts *o = w->o;
	struct buf *b = &w->line;
	int ann = 0;

	if (w->pname.len >= 4 && memcmp(w->pname.p, "java", 4) == 0 &&
	    b->len > start && b->p[start] == 'L' &&
	    memchr(b->p + start, '/', b->len - start) != NULL) {
		memmove(b->p + start, b->p + start + 1, b->len - start - 1);
		b->len--;
	}
	if (inlined)
		ann = 'i';
	else if (o->kernel && (perf_is_kernel(f->mod, f->modlen) ||
	    (f->modlen == 7 && memcmp(f->mod, "inlined", 7) == 0 &&
	    perf_is_kernel_pc(f->pc, f->pclen))))
		ann = 'k';
	else if (o->jit && perf_is_jit(f->mod, f->modlen))
		ann = 'j';
	if (ann != 0) {
		char a[5] = { '_', '[', (char)ann, ']', '\0' };

		if (ann == 'k' || !fg_contains(b->p + start, b->len - start, a))
			buf_put(b, a, 4);
	}
}

/* Appends one frame's name, tidied and annotated, to w->line. */
static void
add_piece(struct worker *w, const struct frame *f, const char *s, size_t n,
    int inlined, int plain, int *unknown)
{
	struct buf *b = &w->line;
	char tmp[64], *t = NULL;
	size_t start = b->len, cut, i;

	if (plain)
		buf_put(b, s, n);
	else if (n == 9 && memcmp(s, "[unknown]", 9) == 0 &&
	    (t = unknown_name(w->o, f, b, tmp, sizeof(tmp), &n,
	    unknown)) == NULL)
		;	/* appended as it is */
	else {
		if (t != NULL)
			s = t;
		cut = perf_cut_args(s, n);
		buf_need(b, cut + 8);
		for (i = 0; i < cut; i++) {
			char c = s[i];

			if (c == '"' || c == '\'')
				continue;
			b->p[b->len++] = c == ';' ? ':' : c;
		}
		if (t != NULL && t != tmp)
			free(t);
	}
	annotate(w, f, start, inlined);
}

/* A stack line of the current sample. */
void
perf_on_frame(struct worker *w, const struct frame *f)
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
	for (q = s; q < e && !(perf_cls[(unsigned char)*q] & C_SPEC); q++)
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
		p = perf_next_arrow(s, q, e);
		if (p > q)
			limit = p;
		if (p == e)
			break;
	}
	if (limit == NULL)
		return;
	w->line.len = 0;
	for (q = s;; q = p + 2) {
		p = perf_next_arrow(s, q, e);
		if (npieces > 0)
			buf_put(&w->line, ";", 1);
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
int
perf_inline_frame(struct worker *w, const struct frame *f)
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

/* --srcline: the held frame gets ":file.c:12" appended, as Perl does. */
void
perf_add_srcline(struct worker *w, const char *s, size_t n)
{
	struct buf *b = &w->line;
	size_t i = 0, j, start = b->len;

	/* s/\[.*?\]//g, then trim; an inlined frame's " (inlined)" goes */
	while (n > 0 && isws((unsigned char)s[n - 1]))
		n--;
	if (perf_srcline_inlined(s, n))
		n -= 10;
	buf_need(b, n + 1);
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
