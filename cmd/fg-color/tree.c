/* SPDX-License-Identifier: ISC */
/*
 * tree.c: fg-color's frame tree of a profile or differential stream,
 * built from the stacks read.c reads (tree.h). Stacks are
 * merged into nodes keyed by (parent, name) in an open-addressing hash;
 * consecutive stacks share their common prefix without a lookup, which is
 * the common case for sorted folded input. Nothing here recurses: walks use
 * the parent, child and sibling links. Names are copied into an arena
 * (common/arena.c), the node and slot arrays are large allocations on
 * huge pages (common/big.c).
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"
#include "tree.h"

#define NAMES_MIN ((size_t)64 << 10)
#define NAMES_MAX ((size_t)4 << 20)

/* Grows p from n to m elements of sz bytes (m > n), keeping the first n. */
static void *
grow(void *p, size_t n, size_t m, size_t sz)
{
	void *q = fg_big_array(m, sz);

	memcpy(q, p, n * sz);
	free(p);
	return q;
}

void
tree_init(struct tree *t, int ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->cap = 1024;
	t->n = fg_big_array(t->cap, sizeof(*t->n));
	memset(&t->n[0], 0, sizeof(t->n[0]));
	t->nn = 1;
	t->n[0].name = "";
	t->n[0].parent = TREE_NONE;
	t->n[0].child = t->n[0].next = t->n[0].last = TREE_NONE;
	t->n[0].color = FG_NOCOLOR;
	t->mask = 1023;
	t->slots = fg_big_array(t->mask + 1, sizeof(*t->slots));
	memset(t->slots, 0xff, (t->mask + 1) * sizeof(*t->slots));
	fg_arena_init(&t->names, NAMES_MIN, NAMES_MAX, 1);
	t->pathcap = 64;
	t->path = fg_malloc(t->pathcap * sizeof(*t->path));
	t->pathend = fg_malloc(t->pathcap * sizeof(*t->pathend));
	t->path[0] = 0;
	t->pathend[0] = 0;
	t->pathlen = 1;
}

void
tree_free(struct tree *t)
{
	fg_arena_free(&t->names);
	free(t->n);
	free(t->slots);
	free(t->path);
	free(t->pathend);
	free(t->prev);
	memset(t, 0, sizeof(*t));
}

static const char *
intern(struct tree *t, const char *s, size_t n)
{
	if (n == 0)
		return "";
	return memcpy(fg_arena_alloc(&t->names, n), s, n);
}

static inline uint64_t
keyhash(uint32_t parent, const char *s, size_t n)
{
	return fg_hash(s, n) ^ ((uint64_t)parent * 0x9e3779b97f4a7c15ULL);
}

static void
grow_slots(struct tree *t)
{
	size_t i, j, nmask = t->mask * 2 + 1;
	uint32_t *ns = fg_big_array(nmask + 1, sizeof(*ns));

	memset(ns, 0xff, (nmask + 1) * sizeof(*ns));
	for (i = 1; i < t->nn; i++) {
		for (j = t->n[i].hash & nmask; ns[j] != TREE_NONE;
		    j = (j + 1) & nmask)
			;
		ns[j] = (uint32_t)i;
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

static uint32_t
newnode(struct tree *t, uint32_t parent, const char *s, size_t n,
    uint64_t h)
{
	struct node *p, *c;
	uint32_t id;

	if (t->nn >= UINT32_MAX - 1)
		fg_errx(FG_EXIT_ERR, "too many frames");
	if (t->nn == t->cap) {
		if (t->cap > SIZE_MAX / 2 / sizeof(*t->n))
			fg_errx(FG_EXIT_ERR, "too many frames");
		t->n = grow(t->n, t->cap, t->cap * 2, sizeof(*t->n));
		t->cap *= 2;
	}
	id = (uint32_t)t->nn++;
	c = &t->n[id];
	memset(c, 0, sizeof(*c));
	if (n > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "frame name too long");
	c->name = intern(t, s, n);
	c->nlen = (uint32_t)n;
	c->parent = parent;
	c->child = c->next = c->last = TREE_NONE;
	c->color = FG_NOCOLOR;
	c->hash = h;
	p = &t->n[parent];
	c->depth = p->depth + 1;
	if (c->depth > t->maxdepth)
		t->maxdepth = c->depth;
	if (p->last == TREE_NONE)
		p->child = id;
	else
		t->n[p->last].next = id;
	p->last = id;
	return id;
}

/* The child of parent called s[0..n), created if missing. */
static uint32_t
child(struct tree *t, uint32_t parent, const char *s, size_t n)
{
	uint64_t h;
	size_t i;
	uint32_t id;

	h = keyhash(parent, s, n);
	for (i = h & t->mask; (id = t->slots[i]) != TREE_NONE;
	    i = (i + 1) & t->mask) {
		const struct node *c = &t->n[id];

		if (c->hash == h && c->parent == parent && c->nlen == n &&
		    memcmp(c->name, s, n) == 0)
			return id;
	}
	id = newnode(t, parent, s, n, h);
	t->slots[i] = id;
	if (t->nn * 2 > t->mask)
		grow_slots(t);
	return id;
}

void
tree_add(struct tree *t, const char *stack, size_t len,
    const double *c)
{
	const char *p, *e, *semi;
	size_t d, k;
	uint32_t cur;

	while (len > 0 && stack[len - 1] == ';')
		len--;
	d = fg_path_shared(stack, len, t->prev, t->prevlen, t->pathend,
	    t->pathlen);
	cur = t->path[d - 1];
	p = stack + fg_path_rest(d, t->pathend, len);
	e = stack + len;
	while (p < e) {
		semi = memchr(p, ';', (size_t)(e - p));
		if (semi == NULL)
			semi = e;
		cur = child(t, cur, p, (size_t)(semi - p));
		if (d + 1 >= t->pathcap) {
			t->pathcap *= 2;
			t->path = fg_reallocarray(t->path, t->pathcap,
			    sizeof(*t->path));
			t->pathend = fg_reallocarray(t->pathend, t->pathcap,
			    sizeof(*t->pathend));
		}
		t->path[d] = cur;
		t->pathend[d] = (size_t)(semi - stack);
		d++;
		p = semi + 1;
	}
	t->pathlen = d;
	if (len > t->prevcap) {
		t->prevcap = len * 2;
		free(t->prev);
		t->prev = fg_malloc(t->prevcap);
	}
	if (len > 0)
		memcpy(t->prev, stack, len);
	t->prevlen = len;
	for (k = 0; k < (size_t)t->ncols; k++)
		t->n[cur].self[k] += c[k];
}

void
tree_counts(struct tree *t, const struct fg_in *in, const fg_count *rc,
    double *c)
{
	int k;

	for (k = 0; k < t->ncols; k++) {
		if (fg_count_add(&t->total[k], rc[k]) < 0)
			fg_sum_overflow(in->name, in->lineno);
		c[k] = fg_count_dbl(rc[k]);
	}
}

static int
namecmp(const void *a, const void *b)
{
	const struct node *x = *(const struct node *const *)a;
	const struct node *y = *(const struct node *const *)b;

	return fg_keycmp(x->name, x->nlen, y->name, y->nlen);
}

void
tree_finish(struct tree *t)
{
	struct node **v = NULL;
	size_t vcap = 0, nv, i, j;
	uint32_t c;

	for (i = 0; i < t->nn; i++) {
		if (t->n[i].child == TREE_NONE ||
		    t->n[t->n[i].child].next == TREE_NONE)
			continue;
		nv = 0;
		for (c = t->n[i].child; c != TREE_NONE; c = t->n[c].next) {
			if (nv == vcap) {
				vcap = vcap ? vcap * 2 : 64;
				v = fg_reallocarray(v, vcap, sizeof(*v));
			}
			v[nv++] = &t->n[c];
		}
		qsort(v, nv, sizeof(*v), namecmp);
		t->n[i].child = (uint32_t)(v[0] - t->n);
		for (j = 0; j + 1 < nv; j++)
			v[j]->next = (uint32_t)(v[j + 1] - t->n);
		v[nv - 1]->next = TREE_NONE;
		t->n[i].last = (uint32_t)(v[nv - 1] - t->n);
	}
	free(v);
	/* Children always have higher ids than their parents. */
	for (i = t->nn; i-- > 0;) {
		struct node *n = &t->n[i], *p;

		n->tot[0] += n->self[0];
		n->tot[1] += n->self[1];
		if (n->parent == TREE_NONE)
			continue;
		p = &t->n[n->parent];
		p->tot[0] += n->tot[0];
		p->tot[1] += n->tot[1];
	}
}

uint32_t
tree_next(const struct tree *t, uint32_t n, int descend)
{
	if (descend && t->n[n].child != TREE_NONE)
		return t->n[n].child;
	while (n != TREE_NONE) {
		if (t->n[n].next != TREE_NONE)
			return t->n[n].next;
		n = t->n[n].parent;
	}
	return TREE_NONE;
}
