/* SPDX-License-Identifier: ISC */
/*
 * perf-cache.c: the stack lines of samples already parsed. Real captures
 * repeat whole stacks, byte for byte (a hot loop sampled at the same
 * addresses): two thirds of the samples of an 8-second capture of a busy
 * system are such repeats. A sample's stack lines, from just after its
 * event line to the blank line that ends it, are parsed once; the frames
 * they gave are kept with them, and a later sample with the same lines
 * takes the frames instead of parsing them again. The lines are kept
 * whole and compared byte for byte, so a repeat is never a guess. Lines
 * are kept the second time they are seen (most stacks seen once are never
 * seen again), and the memory the cache may hold is bounded (PC_MAX):
 * once it is full, new stacks are parsed every time.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "perf.h"

#define PC_MAX (1u << 20)	/* bytes of lines and frames kept */
#define PC_SLOTS0 1024u		/* first size of the hash (a power of 2) */
#define PC_PROBES 16		/* slots looked at, whatever the hash gives */
#define PC_SEEN 8192u		/* hashes of lines seen once (a power of 2) */

/* A hash slot: an entry's offset + 1 (0: none) and a part of its hash. */
struct pslot {
	uint32_t off;
	uint32_t tag;
};

struct pcache {
	char *arena;		/* the entries, 8-byte aligned */
	size_t len, cap;
	struct pslot *slot;
	size_t nslot, nent;
	uint32_t seen[PC_SEEN];	/* a part of each hash seen once */
};

struct pcache *
pcache_new(void)
{
	struct pcache *c = fg_calloc(1, sizeof(*c));

	c->nslot = PC_SLOTS0;
	c->slot = fg_calloc(c->nslot, sizeof(*c->slot));
	return c;
}

void
pcache_free(struct pcache *c)
{
	if (c == NULL)
		return;
	free(c->arena);
	free(c->slot);
	free(c);
}

/* pcache_span the simple way: a line at a time. */
static size_t
span_lines(const char *p, const char *e, const char **stop)
{
	const char *q, *nl;

	for (q = p; (nl = memchr(q, '\n', (size_t)(e - q))) != NULL;
	    q = nl + 1) {
		if (e - nl < 3 || nl - p >= (ptrdiff_t)PC_MAX)
			break;
		if (nl[1] == '\n' || (nl[1] == '\r' && nl[2] == '\n'))
			return (size_t)(nl + 1 - p);
	}
	*stop = nl != NULL ? nl : e;
	return 0;
}

#ifdef __SSE2__
/*
 * The first blank line after p, sixteen bytes at a time: the length of
 * [p, the line), which ends in a newline; 0 when there is none (or it is
 * too near e), *stop then where the search stopped. Carriage returns are
 * left to span_lines.
 */
size_t
pcache_span(const char *p, const char *e, const char **stop)
{
	const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
	const char *q;
	__m128i v;
	unsigned m, two, carry = 0;

	*stop = p;
	if (p >= e || *p != '\t')
		return 0;
	for (q = p; e - q >= 18 && q - p < (ptrdiff_t)PC_MAX; q += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)q);
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, cr)) != 0)
			return span_lines(p, e, stop);
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl));
		if (carry && (m & 1))
			return (size_t)(q - p);	/* "\n" ending the last 16 */
		if ((two = m & (m >> 1)) != 0)
			return (size_t)(q + __builtin_ctz(two) + 1 - p);
		carry = m >> 15;
	}
	*stop = q;
	return 0;
}
#else
size_t
pcache_span(const char *p, const char *e, const char **stop)
{
	*stop = p;
	return p < e && *p == '\t' ? span_lines(p, e, stop) : 0;
}
#endif

/*
 * A hash of the n bytes at p from a few places in them (and n): the lines
 * are compared whole when the hash matches. The first three words hold
 * the leaf's address, the others are spread over the rest.
 */
uint64_t
pcache_hash(const char *p, size_t n)
{
	uint64_t h = n * 0x9e3779b97f4a7c15ULL, v;
	size_t i, at;

	if (n < 32)
		return fg_hash(p, n) ^ h;
	for (i = 0; i < 12; i++) {
		at = i < 3 ? i * 8 : 24 + (n - 32) * (i - 3) / 8;
		memcpy(&v, p + at, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return h ^ (h >> 29);
}

static struct pcent *
ent_at(const struct pcache *c, uint32_t off)
{
	return (struct pcent *)(void *)(c->arena + off - 1);
}

struct pcent *
pcache_find(struct pcache *c, const char *p, size_t n, uint64_t h, int java)
{
	size_t mask = c->nslot - 1, i, k;
	uint32_t tag = (uint32_t)(h >> 32);
	struct pcent *e;

	for (i = (size_t)h & mask, k = 0; c->slot[i].off != 0 &&
	    k < PC_PROBES; i = (i + 1) & mask, k++) {
		if (c->slot[i].tag != tag)
			continue;
		e = ent_at(c, c->slot[i].off);
		if (e->hash == h && e->len == n && e->java == java &&
		    memcmp(e + 1, p, n) == 0)
			return e;
	}
	return NULL;
}

/* Doubles the hash. */
static void
grow(struct pcache *c)
{
	size_t nslot = c->nslot * 2, mask = nslot - 1, i, j;
	struct pslot *s = fg_calloc(nslot, sizeof(*s));

	for (i = 0; i < c->nslot; i++) {
		if (c->slot[i].off == 0)
			continue;
		for (j = (size_t)ent_at(c, c->slot[i].off)->hash & mask;
		    s[j].off != 0; j = (j + 1) & mask)
			;
		s[j] = c->slot[i];
	}
	free(c->slot);
	c->slot = s;
	c->nslot = nslot;
}

struct pcent *
pcache_add(struct pcache *c, const char *p, size_t n, uint64_t h, int java,
    const struct pcent *what, const char *frames)
{
	size_t need = (sizeof(struct pcent) + n + what->flen + 7) & ~(size_t)7;
	size_t mask, i, k;
	struct pcent *e;

	uint32_t *seen = &c->seen[(h >> 16) & (PC_SEEN - 1)];

	if (c->len + need > PC_MAX)
		return NULL;	/* full: parse the new ones every time */
	if (*seen != (uint32_t)(h >> 32) + 1) {
		*seen = (uint32_t)(h >> 32) + 1;
		return NULL;	/* kept if seen again */
	}
	if ((c->nent + 1) * 2 > c->nslot)
		grow(c);
	mask = c->nslot - 1;
	for (i = (size_t)h & mask, k = 0; c->slot[i].off != 0;
	    i = (i + 1) & mask)
		if (++k == PC_PROBES)
			return NULL;	/* a crowd of equal hashes */
	if (c->len + need > c->cap) {
		c->cap = c->cap == 0 ? 65536 : c->cap * 2;
		while (c->cap < c->len + need)
			c->cap *= 2;
		c->arena = fg_realloc(c->arena, c->cap);
	}
	e = (struct pcent *)(void *)(c->arena + c->len);
	*e = *what;
	e->hash = h;
	e->len = (uint32_t)n;
	e->java = (unsigned char)java;
	e->ent = NULL;
	memcpy(e + 1, p, n);
	memcpy((char *)(e + 1) + n, frames, what->flen);
	c->slot[i].off = (uint32_t)c->len + 1;
	c->slot[i].tag = (uint32_t)(h >> 32);
	c->len += need;
	c->nent++;
	return e;
}

struct fg_ent *
pcache_ent(const struct pcent *e, const char *pname, size_t n)
{
	if (e->ent == NULL || e->plen != n || memcmp(e->pname, pname, n) != 0)
		return NULL;
	return e->ent;
}

void
pcache_set_ent(struct pcent *e, struct fg_ent *ent, const char *pname,
    size_t n)
{
	if (n > sizeof(e->pname))
		return;
	memcpy(e->pname, pname, n);
	e->plen = (unsigned char)n;
	e->ent = ent;
}
