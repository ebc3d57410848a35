/* SPDX-License-Identifier: ISC */
/*
 * memo.c: what each stack line gave when it was last parsed. The
 * lines of a real capture repeat far more than whole stacks do: a
 * 300 MB whole-system capture has 5.2 million stack lines and 241,000
 * different ones, and a function sampled at the same address prints
 * the same line every time. A line is parsed once; its text and the
 * frame name it gave are kept, and the same line later takes the name
 * after a hash and a byte-for-byte comparison, so a repeat is never a
 * guess. The table is direct-mapped (a new line takes its slot) and its
 * bytes are bounded (PM_MAX): when they are used up it starts empty
 * again, so that it holds the lines of the recent past. Each entry also
 * names the entries of the lines that came after it the last two times
 * (a caller mostly has one of the callers it had before): those are
 * asked for from memory at once and tried first. Of the 4.2 million
 * stack lines looked up in bench/collapse.sh's capture in one thread,
 * 72.6% were found as the line after last time, 8.6% as the one the time
 * before (20% of the lines went by hash with one such entry; 11.5% now),
 * without a hash or a slot.
 */
#include <stdlib.h>
#include <string.h>

#include "perf.h"

#define PM_MAX (1u << 19)	/* bytes of lines and names kept */
#define PM_SLOTS (1u << 13)	/* slots (a power of 2) */
#define PM_LINE 1024		/* longest line kept */

struct pmemo {
	char *arena;		/* the entries, 4-byte aligned */
	size_t len;
	uint32_t prev;		/* the entry found or added last, + 1, or 0 */
	uint32_t slot[PM_SLOTS];	/* an entry's offset + 1, or 0 */
};

struct pmemo *
pmemo_new(void)
{
	struct pmemo *m = fg_calloc(1, sizeof(*m));

	m->arena = fg_malloc(PM_MAX);
	return m;
}

void
pmemo_free(struct pmemo *m)
{
	if (m == NULL)
		return;
	free(m->arena);
	free(m);
}

static uint64_t
load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/*
 * A hash of the first PM_KEY bytes of a line: a tab, the address (perf
 * right-aligns it in 16 columns) and the start of the name, which tell
 * most lines apart; they are compared whole all the same. It needs no
 * line's end, so that a line seen before is found without looking for
 * its newline.
 */
uint32_t
pmemo_hash(const char *s)
{
	uint64_t h;

	h = (load8(s) * 0x9e3779b97f4a7c15ULL) ^
	    (load8(s + 8) * 0xff51afd7ed558ccdULL) ^
	    (load8(s + 16) * 0xc4ceb9fe1a85ec53ULL);
	h ^= h >> 31;
	h *= 0x94d049bb133111ebULL;
	return (uint32_t)(h >> 32);
}

static struct pment *
ent_at(const struct pmemo *m, uint32_t off)
{
	return (struct pment *)(void *)(m->arena + off - 1);
}

static const struct pment *
slot_ent(const struct pmemo *m, uint32_t h)
{
	uint32_t off = m->slot[h & (PM_SLOTS - 1)];
	const struct pment *e;

	if (off == 0)
		return NULL;
	e = ent_at(m, off);
	return e->hash == h ? e : NULL;
}

/*
 * Notes x as the entry after the previous one, and asks for the one that
 * came after x last time: in a capture, a function's caller is most often
 * the caller it had before.
 */
static const struct pment *
follow(struct pmemo *m, const struct pment *x)
{
	uint32_t off = (uint32_t)((const char *)x - m->arena) + 1;

	struct pment *p;

	if (m->prev != 0 && (p = ent_at(m, m->prev))->next != off) {
		p->next2 = p->next;
		p->next = off;	/* (not rewritten: kept clean) */
	}
	m->prev = off;
	if (x->next != 0)
		__builtin_prefetch(m->arena + x->next - 1);
	if (x->next2 != 0)
		__builtin_prefetch(m->arena + x->next2 - 1);
	return x;
}

/*
 * The n bytes at a and b are the same, n at least 8 (a kept line has
 * PM_KEY): compared a word at a time, the last word overlapping, in
 * place of a call to memcmp for lines of 60 bytes or so.
 */
static inline int
same(const char *a, const char *b, size_t n)
{
	uint64_t d = load8(a + n - 8) ^ load8(b + n - 8);
	size_t i;

	for (i = 0; i + 16 <= n && d == 0; i += 16)
		d = (load8(a + i) ^ load8(b + i)) |
		    (load8(a + i + 8) ^ load8(b + i + 8));
	if (d == 0 && i + 8 <= n)
		d = load8(a + i) ^ load8(b + i);
	return d == 0;
}

/* x holds the line at s, which ends at a newline before e. */
static int
holds(const struct pment *x, const char *s, const char *e)
{
	return (size_t)(e - s) > x->len && s[x->len] == '\n' &&
	    same((const char *)(x + 1), s, x->len);
}

const struct pment *
pmemo_at(struct pmemo *m, const char *s, const char *e)
{
	const struct pment *x, *p;

	if (m->prev != 0) {
		p = ent_at(m, m->prev);
		if (p->next != 0 && holds(x = ent_at(m, p->next), s, e))
			return follow(m, x);
		if (p->next2 != 0 && holds(x = ent_at(m, p->next2), s, e))
			return follow(m, x);
	}
	if (e - s <= PM_KEY || (x = slot_ent(m, pmemo_hash(s))) == NULL ||
	    !holds(x, s, e))
		return NULL;
	return follow(m, x);
}

void
pmemo_prefetch(const struct pmemo *m, const char *s)
{
	uint32_t off = m->slot[pmemo_hash(s) & (PM_SLOTS - 1)];

	if (off != 0) {
		__builtin_prefetch(m->arena + off - 1);
		__builtin_prefetch(m->arena + off - 1 + 64);
	}
}

const struct pment *
pmemo_find(struct pmemo *m, const char *s, size_t n, uint32_t h)
{
	const struct pment *e = slot_ent(m, h);

	if (e == NULL || e->len != n || memcmp(e + 1, s, n) != 0)
		return NULL;
	return follow(m, e);
}

void
pmemo_add(struct pmemo *m, const char *s, size_t n, uint32_t h,
    const struct pment *what, const char *name)
{
	size_t need = (sizeof(*what) + n + what->nlen + 3) & ~(size_t)3;
	struct pment *e;

	if (n < PM_KEY || n > PM_LINE || what->nlen > PM_LINE)
		return;
	if (m->len + need > PM_MAX) {
		/* used up: start again */
		memset(m->slot, 0, sizeof(m->slot));
		m->len = 0;
		m->prev = 0;
	}
	e = (struct pment *)(void *)(m->arena + m->len);
	*e = *what;
	e->hash = h;
	e->len = (uint16_t)n;
	e->next = e->next2 = 0;
	memcpy(e + 1, s, n);
	memcpy((char *)(e + 1) + n, name, what->nlen);
	m->slot[h & (PM_SLOTS - 1)] = (uint32_t)m->len + 1;
	m->len += need;
	(void)follow(m, e);
}
