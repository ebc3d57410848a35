/* SPDX-License-Identifier: ISC */
/*
 * sort.c: the table's stacks sorted bytewise for the folded output, a
 * large table on two threads.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "fg.h"
#include "collapse.h"

/*
 * The key at PIVOT_AT of a sample of tab's stacks, into *pk and *pl; 0
 * when the sample is too small. With S the time to sort every stack and
 * W to write them, the calling thread has sorted and written those below
 * the pivot when the other has sorted the rest at S / (2S + W) (W is
 * about S / 4 on a large perf capture).
 */
#define PIVOT_SAMPLE 512
#define PIVOT_AT 0.44
static int
pivot(const struct fg_stab *tab, const char **pk, size_t *pl)
{
	const struct fg_ent *e = fg_pivot(tab, NULL, PIVOT_SAMPLE, PIVOT_AT);

	if (e == NULL)
		return 0;
	*pk = e->key;
	*pl = e->len;
	return 1;
}

/*
 * A large table is split at a pivot key: a second thread sorts the stacks
 * above it while this one sorts those below and hands them to out(), then
 * hands it the rest.
 */
#define SPLIT_MIN 8192		/* fewer stacks are sorted on one thread */
void
collapse_sort(struct fg_stab *tab, int nothreads,
    void (*out)(const struct fg_sortitem *it, size_t n))
{
	struct fg_sortitem *it;
	struct fg_sortjob h;
	pthread_t th;
	const char *pk;
	size_t n = fg_stab_count(tab), lo, pl;
	int threaded;

	it = fg_big_whole(n, sizeof(*it));
	if (n < SPLIT_MIN || nothreads || !pivot(tab, &pk, &pl)) {
		(void)fg_stab_split(tab, NULL, 0, it);
		fg_sort_items(it, n);
		out(it, n);
		free(it);
		return;
	}
	lo = fg_stab_split(tab, pk, pl, it);
	h.it = it + lo;
	h.n = n - lo;
	threaded = pthread_create(&th, NULL, fg_sort_job, &h) == 0;
	fg_sort_items(it, lo);
	out(it, lo);
	if (!threaded)
		fg_sort_job(&h);
	else if ((errno = pthread_join(th, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_join");
	out(h.it, h.n);
	free(it);
}
