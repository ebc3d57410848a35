/* SPDX-License-Identifier: ISC */
/*
 * frames.c: stacks as strings of frame numbers (see frames.h). The names
 * live in a bump arena, each as its length and its bytes in zero-padded
 * words (compared a word at a time), then its bytes and a ';' (its token
 * as a frame that is not the last); an open-addressing hash of (hash,
 * name) slots finds them. A frame is found in a key eight bytes at a time
 * (a zero-byte test for ';') and hashed from the same words.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "frames.h"
#include "mix.h"

#define NAMES_CHUNK ((size_t)64 << 10)
/*
 * The previous key's first frames and bytes kept by a cutter, to skip the
 * frames the next key shares; the previous key decoded, likewise.
 */
#define KEEP_FRAMES 1024
#define KEEP_BYTES ((size_t)64 << 10)

struct fname {
	const char *p;
	size_t len;
};

struct fslot {
	const uint64_t *w;	/* the name's length, then its words */
	uint32_t h;		/* high bits of the name's hash */
	uint32_t id;		/* number + 1; 0: empty */
};

struct nchunk {
	struct nchunk *prev;
	size_t used, cap;
	_Alignas(8) char mem[];
};

struct fg_frames {
	struct fslot *slots;
	size_t mask;
	struct fname *names;	/* by number */
	size_t n, cap;
	struct nchunk *arena;
	/* after fg_frames_order */
	uint32_t *rank;		/* [2 * number + (not last)] */
	struct fname *tok;	/* by rank */
	/* the previous key decoded: its ranks, text and token ends */
	char *dk, *dbuf;
	size_t dklen, dlen, dcap;
	size_t *doff;
};

struct fg_fcut {		/* the previous key cut: text, frame ends */
	char *pk;
	size_t pklen;
	uint32_t *pend;
	size_t pn;
};

static inline uint64_t
rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

struct fg_frames *
fg_frames_new(void)
{
	struct fg_frames *f = fg_calloc(1, sizeof(*f));

	f->mask = 1023;
	f->slots = fg_calloc(f->mask + 1, sizeof(*f->slots));
	f->doff = fg_reallocarray(NULL, KEEP_FRAMES, sizeof(*f->doff));
	f->dk = fg_malloc(KEEP_FRAMES * 4);
	return f;
}

void
fg_frames_free(struct fg_frames *f)
{
	struct nchunk *c, *p;

	if (f == NULL)
		return;
	for (c = f->arena; c != NULL; c = p) {
		p = c->prev;
		free(c);
	}
	free(f->slots);
	free(f->names);
	free(f->rank);
	free(f->tok);
	free(f->dk);
	free(f->dbuf);
	free(f->doff);
	free(f);
}

struct fg_fcut *
fg_fcut_new(void)
{
	struct fg_fcut *c = fg_calloc(1, sizeof(*c));

	c->pk = fg_malloc(KEEP_BYTES);
	c->pend = fg_reallocarray(NULL, KEEP_FRAMES, sizeof(*c->pend));
	return c;
}

void
fg_fcut_free(struct fg_fcut *c)
{
	if (c == NULL)
		return;
	free(c->pk);
	free(c->pend);
	free(c);
}

/* n bytes of the arena, aligned for words. */
static void *
arena(struct fg_frames *f, size_t n)
{
	struct nchunk *c = f->arena;
	size_t cap;
	void *p;

	n = (n + 7) & ~(size_t)7;
	if (c == NULL || c->cap - c->used < n) {
		cap = n > NAMES_CHUNK ? n : NAMES_CHUNK;
		c = fg_malloc(sizeof(*c) + cap);
		c->prev = f->arena;
		c->used = 0;
		c->cap = cap;
		f->arena = c;
	}
	p = c->mem + c->used;
	c->used += n;
	return p;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FIRST(w, n) ((w) & ~(~(uint64_t)0 >> 8 * (n)))	/* n in 1..7 */
#define LAST(w, n) ((w) << 8 * (8 - (n)))
#define FIRSTBYTE(m) ((size_t)__builtin_clzll(m) / 8)
#else
#define FIRST(w, n) ((w) & ~(~(uint64_t)0 << 8 * (n)))
#define LAST(w, n) ((w) >> 8 * (8 - (n)))
#define FIRSTBYTE(m) ((size_t)__builtin_ctzll(m) / 8)
#endif
#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

static inline uint64_t
load8(const char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

/*
 * The n bytes key[s..s+n) (0 < n < 8) as a word's first bytes, the others
 * zero, reading nothing past them: the word that ends with them, shifted,
 * when the key has 8 bytes up to there.
 */
static uint64_t
tailword(const char *key, size_t s, size_t n)
{
	unsigned char b[8] = { 0 };
	uint64_t w;

	if (s + n >= 8)
		return LAST(load8(key + s + n - 8), n);
	memcpy(b, key + s, n);
	memcpy(&w, b, 8);
	return w;
}

/* Word i of the zero-padded bytes key[s..s+len). */
static inline uint64_t
word(const char *key, size_t s, size_t len, size_t i)
{
	if (len - 8 * i >= 8)
		return load8(key + s + 8 * i);
	return tailword(key, s + 8 * i, len - 8 * i);
}

/*
 * A name's hash: each word multiplied on its own (no chain through the
 * multiplier), the sum mixed once.
 */
static inline uint64_t
mixword(uint64_t w, size_t i)
{
	return rotl((w ^ (0xc2b2ae3d27d4eb4fULL * (i + 1))) *
	    0x87c37b91114253d5ULL, 31);
}

static uint64_t
endhash(uint64_t h, size_t len)
{
	return fg_mix64(h + len * 0x9e3779b97f4a7c15ULL);
}

/* The hash of a kept name (its length, then its words). */
static uint64_t
kepthash(const uint64_t *w)
{
	size_t i, nw = (w[0] + 7) / 8;
	uint64_t h = 0;

	for (i = 0; i < nw; i++)
		h += mixword(w[i + 1], i);
	return endhash(h, w[0]);
}

/* Name p[0..len) kept: its length and words, then its bytes and ';'. */
static const uint64_t *
keepname(struct fg_frames *f, const char *p, size_t len, const char **tok)
{
	size_t nw = (len + 7) / 8, i;
	uint64_t *w = arena(f, (nw + 1) * 8 + len + 1);
	char *t = (char *)(w + nw + 1);

	w[0] = len;
	for (i = 0; i < nw; i++)
		w[i + 1] = word(p, 0, len, i);
	memcpy(t, p, len);
	t[len] = ';';
	*tok = t;
	return w;
}

static void
growslots(struct fg_frames *f)
{
	size_t nmask = f->mask * 2 + 1, i, j;
	struct fslot *ns = fg_calloc(nmask + 1, sizeof(*ns));
	uint64_t h;

	for (i = 0; i <= f->mask; i++) {
		if (f->slots[i].id == 0)
			continue;
		h = kepthash(f->slots[i].w);
		for (j = h & nmask; ns[j].id != 0; j = (j + 1) & nmask)
			;
		ns[j] = f->slots[i];
	}
	free(f->slots);
	f->slots = ns;
	f->mask = nmask;
}

/* Whether the name kept as w is key[s..s+len). */
static int
samename(const uint64_t *w, const char *key, size_t s, size_t len)
{
	size_t i, nw = (len + 7) / 8;

	if (w[0] != len)
		return 0;
	for (i = 0; i < nw; i++)
		if (w[i + 1] != word(key, s, len, i))
			return 0;
	return 1;
}

/* The number of frame x of key, given one if new. */
static uint32_t
number(struct fg_frames *f, const char *key, const struct fg_frame *x)
{
	const char *p = key + x->start, *tok;
	size_t len = x->end - x->start, i;
	uint32_t hh = (uint32_t)(x->h >> 32), id;

	for (i = x->h & f->mask; (id = f->slots[i].id) != 0;
	    i = (i + 1) & f->mask)
		if (f->slots[i].h == hh &&
		    samename(f->slots[i].w, key, x->start, len))
			return id - 1;
	if (f->n >= INT32_MAX)
		fg_errx(FG_EXIT_ERR, "more than 2^31 distinct frame names");
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 1024;
		f->names = fg_reallocarray(f->names, f->cap, sizeof(*f->names));
	}
	f->slots[i].w = keepname(f, p, len, &tok);
	f->names[f->n].p = tok;
	f->names[f->n].len = len;
	f->slots[i].h = hh;
	f->slots[i].id = (uint32_t)++f->n;
	if (f->n > (f->mask + 1) / 2)
		growslots(f);
	return (uint32_t)(f->n - 1);
}

/*
 * The frame at key[s..len) (up to the next ';'), cut and hashed into *x
 * in one pass over its words: a zero-byte test finds the ';' in a word.
 */
static void
cutone(const char *key, size_t s, size_t len, struct fg_frame *x)
{
	size_t i, k, left, wi = 0;
	uint64_t w, m, h = 0;

	for (i = s;; i += 8, wi++) {
		left = len - i;
		if (left == 0)
			break;
		w = left >= 8 ? load8(key + i) : tailword(key, i, left);
		m = w ^ (ONES * ';');
		m = (m - ONES) & ~m & HIGHS;
		k = m != 0 ? FIRSTBYTE(m) : 8;
		if (k < left && k < 8) {
			if (k > 0)
				h += mixword(FIRST(w, k), wi);
			i += k;
			break;
		}
		h += mixword(w, wi);
		if (left <= 8) {
			i = len;
			break;
		}
	}
	x->start = (uint32_t)s;
	x->end = (uint32_t)i;
	x->h = endhash(h, i - s);
}

size_t
fg_frames_cut(struct fg_fcut *c, const char *key, size_t len,
    struct fg_frame *out, size_t *same)
{
	size_t n, m = 0, s, cl, keep;

	cl = fg_commonlen(c->pk, key, len < c->pklen ? len : c->pklen);
	for (n = 0; n + 1 < c->pn && c->pend[n] < cl; n++)
		;
	*same = n;
	s = n > 0 ? c->pend[n - 1] + 1 : 0;
	for (;;) {
		cutone(key, s, len, &out[m]);
		if (n < KEEP_FRAMES)
			c->pend[n] = out[m].end;
		n++;
		if (out[m++].end == len)
			break;
		s = out[m - 1].end + 1;
	}
	keep = len < KEEP_BYTES ? len : KEEP_BYTES;
	if (keep > cl)
		memcpy(c->pk + cl, key + cl, keep - cl);
	c->pklen = keep;
	c->pn = n < KEEP_FRAMES ? n : KEEP_FRAMES;
	return n;
}

void
fg_frames_number(struct fg_frames *f, const char *key,
    const struct fg_frame *fr, size_t m, uint32_t *ids)
{
	const struct fslot *sl;
	size_t j;

	for (j = 0; j < m; j++)
		__builtin_prefetch(&f->slots[fr[j].h & f->mask]);
	for (j = 0; j < m; j++) {
		sl = &f->slots[fr[j].h & f->mask];
		if (sl->id != 0 && sl->h == (uint32_t)(fr[j].h >> 32))
			__builtin_prefetch(sl->w);
	}
	for (j = 0; j < m; j++)
		ids[j] = number(f, key, &fr[j]);
}

size_t
fg_frames_encode(struct fg_frames *f, const char *key, size_t len,
    char *out)
{
	struct fg_frame x;
	size_t s = 0, n = 0;
	uint32_t id;

	for (;;) {
		cutone(key, s, len, &x);
		id = number(f, key, &x);
		memcpy(out + 4 * n++, &id, 4);
		if (x.end == len)
			return 4 * n;
		s = x.end + 1;
	}
}

void
fg_frames_order(struct fg_frames *f)
{
	struct fg_sortitem *it;
	size_t i, t;

	it = fg_reallocarray(NULL, 2 * f->n + 1, sizeof(*it));
	for (i = 0; i < 2 * f->n; i++) {
		it[i].key = f->names[i / 2].p;
		it[i].len = (uint32_t)(f->names[i / 2].len + i % 2);
		it[i].p = (void *)(uintptr_t)i;
	}
	fg_sort_items(it, 2 * f->n);
	f->rank = fg_reallocarray(NULL, 2 * f->n + 1, sizeof(*f->rank));
	f->tok = fg_reallocarray(NULL, 2 * f->n + 1, sizeof(*f->tok));
	for (i = 0; i < 2 * f->n; i++) {
		t = (uintptr_t)it[i].p;
		f->rank[t] = (uint32_t)i;
		f->tok[i].p = it[i].key;
		f->tok[i].len = it[i].len;
	}
	free(it);
}

void
fg_frames_rank(const struct fg_frames *f, char *key, size_t len)
{
	size_t n = len / 4, i;
	unsigned char *p = (unsigned char *)key;
	uint32_t id, r;

	for (i = 0; i < n; i++, p += 4) {
		memcpy(&id, p, 4);
		r = f->rank[2 * (size_t)id + (i + 1 < n)];
		p[0] = (unsigned char)(r >> 24);
		p[1] = (unsigned char)(r >> 16);
		p[2] = (unsigned char)(r >> 8);
		p[3] = (unsigned char)r;
	}
}

static void
append(struct fg_frames *f, const struct fname *t)
{
	if (t->len == 0)
		return;
	if (f->dcap - f->dlen < t->len) {
		f->dcap = f->dlen + t->len > 2 * f->dcap ? f->dlen + t->len :
		    2 * f->dcap;
		f->dbuf = fg_realloc(f->dbuf, f->dcap);
	}
	memcpy(f->dbuf + f->dlen, t->p, t->len);
	f->dlen += t->len;
}

const char *
fg_frames_decode(struct fg_frames *f, const char *key, size_t len,
    size_t *outlen)
{
	const unsigned char *p = (const unsigned char *)key;
	size_t n = len / 4, k, same, keep;
	uint32_t r;

	same = fg_commonlen(f->dk, key, len < f->dklen ? len : f->dklen);
	k = same / 4;
	f->dlen = k > 0 ? f->doff[k - 1] : 0;
	for (; k < n; k++) {
		r = (uint32_t)p[4 * k] << 24 | (uint32_t)p[4 * k + 1] << 16 |
		    (uint32_t)p[4 * k + 2] << 8 | p[4 * k + 3];
		append(f, &f->tok[r]);
		if (k < KEEP_FRAMES)
			f->doff[k] = f->dlen;
	}
	keep = len < KEEP_FRAMES * 4 ? len : KEEP_FRAMES * 4;
	if (keep > same)
		memcpy(f->dk + same, key + same, keep - same);
	f->dklen = keep;
	*outlen = f->dlen;
	return f->dbuf != NULL ? f->dbuf : "";
}
