/* SPDX-License-Identifier: ISC */
/*
 * macos-sample-stack.c: the path of a macOS sample(1) call graph, one
 * level per line read (macos-sample.h): each frame's "module`function"
 * made from the parts macos-sample.c found on its line, and each frame's
 * self samples (its count less its children's) counted as a stack when
 * the tree leaves it, unless its function is an idle wait.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "macos-sample.h"

static const char *const idle[] = {
	"__psynch_cvwait", "__select", "__semwait_signal", "__ulock_wait",
	"__wait4", "__workq_kernreturn", "kevent", "mach_msg_trap", "read",
	"semaphore_wait_trap", NULL
};

static int
isidle(const char *f, size_t n)
{
	int i;

	for (i = 0; idle[i] != NULL; i++)
		if (strlen(idle[i]) == n && memcmp(idle[i], f, n) == 0)
			return 1;
	return 0;
}

void
sample_popto(struct sample_tree *t, size_t d, struct fg_stab *tab,
    struct fg_in *in)
{
	struct level *l;
	uint64_t self;

	while (t->depth > d) {
		l = &t->lv[t->depth - 1];
		self = l->count > l->kids ? l->count - l->kids : 0;
		if (self > 0 && !isidle(t->path + l->fn, l->fnlen))
			collapse_add_u64(tab, t->path, l->plen, self, in);
		t->depth--;
		if (t->depth > 0) {
			l = &t->lv[t->depth - 1];
			l->kids += t->lv[t->depth].count;
			if (l->kids < t->lv[t->depth].count)
				l->kids = UINT64_MAX;
		}
	}
	t->plen = t->depth > 0 ? t->lv[t->depth - 1].plen : 0;
}

static void pput(struct sample_tree *, const char *, size_t);

static void
psep(struct sample_tree *t)
{
	pput(t, "", 0);		/* room */
	t->path[t->plen++] = ';';
}

static void
pput(struct sample_tree *t, const char *s, size_t n)
{
	size_t i0 = t->plen, i;

	if (t->plen + n + 1 > t->pcap) {
		t->pcap = t->pcap ? t->pcap : 256;
		while (t->plen + n + 1 > t->pcap)
			t->pcap *= 2;
		t->path = fg_realloc(t->path, t->pcap);
	}
	memcpy(t->path + t->plen, s, n);
	t->plen += n;
	for (i = i0; i < t->plen; i++)
		if (t->path[i] == ';')
			t->path[i] = ':';
}

void
sample_push(struct sample_tree *t, const char *s, size_t fl, const char *mod,
    size_t ml, uint64_t count)
{
	struct level *l;
	size_t k;

	if (t->depth == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->lv = fg_reallocarray(t->lv, t->cap, sizeof(*t->lv));
	}
	l = &t->lv[t->depth++];
	if (t->plen > 0)
		psep(t);
	if (mod != NULL && ml > 0) {
		pput(t, mod, ml);
		pput(t, "`", 1);
	}
	l->fn = t->plen;
	if (fl + 1 > t->tcap) {
		t->tcap = fl + 1;
		t->tmp = fg_realloc(t->tmp, t->tcap);
	}
	if ((k = fg_rust_fixsym(s, fl, t->tmp)) != (size_t)-1)
		pput(t, t->tmp, k);
	else
		pput(t, s, fl);
	l->fnlen = t->plen - l->fn;
	l->plen = t->plen;
	l->count = count;
	l->kids = 0;
}
