/* SPDX-License-Identifier: ISC */
/*
 * colorlist.c: what the annotation lines of a coloured tree say, worked
 * out for write.c: a profile's colour per distinct name, sorted; a diff's
 * frame paths, in the tree's order, with their colours.
 */
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

void
namecolors_make(struct namecolors *nc, const struct tree *t)
{
	struct fg_ent *e;
	size_t i;

	nc->tab = fg_stab_new(1);
	for (i = 1; i < t->nn; i++) {
		e = fg_stab_get(nc->tab, t->n[i].name, t->n[i].nlen);
		e->aux = t->n[i].color;
	}
	nc->v = fg_stab_sorted(nc->tab);
}

void
namecolors_free(struct namecolors *nc)
{
	free(nc->v);
	fg_stab_free(nc->tab);
}

void
pathwalk_init(struct pathwalk *w, const struct tree *t, uint32_t skip)
{
	w->t = t;
	w->skip = skip;
	w->off = fg_calloc((size_t)t->maxdepth + 2, sizeof(*w->off));
	w->pcap = 256;
	w->path = fg_malloc(w->pcap);
	w->id = 0;
}

const char *
pathwalk_next(struct pathwalk *w, size_t *len, uint32_t *color)
{
	const struct tree *t = w->t;
	const struct node *n;
	size_t plen;

	while ((w->id = tree_next(t, w->id, 1)) != TREE_NONE) {
		n = &t->n[w->id];
		plen = w->off[n->depth - 1];
		if (plen + n->nlen + 1 > w->pcap) {
			w->pcap = (plen + n->nlen + 1) * 2;
			w->path = fg_realloc(w->path, w->pcap);
		}
		if (n->depth > 1)
			w->path[plen++] = ';';
		memcpy(w->path + plen, n->name, n->nlen);
		plen += n->nlen;
		w->off[n->depth] = plen;
		if (n->color == w->skip || n->nlen == 0)
			continue;
		*len = plen;
		*color = n->color;
		return w->path;
	}
	return NULL;
}

void
pathwalk_free(struct pathwalk *w)
{
	free(w->path);
	free(w->off);
}
