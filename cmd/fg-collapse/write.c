/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-collapse's output: the folded profile on standard output,
 * sorted bytewise, or with --window one folded file per window and a line
 * naming each on standard output.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "big.h"
#include "collapse.h"

void
collapse_header(const struct copts *o, int withsamples)
{
	const struct cstate *u = &o->unit->all;
	const char *name = u->nounit || u->name[0] == '\0' ? NULL : u->name;
	char per[32], smp[32];
	int samples;

	samples = name != NULL && strcmp(name, "samples") == 0;
	if (o->header == 0 || (o->header < 0 && (name == NULL || samples ||
	    o->unit->plain)))
		return;
	snprintf(per, sizeof(per), "%llu", (unsigned long long)u->period);
	snprintf(smp, sizeof(smp), "%llu", (unsigned long long)u->samples);
	fg_out_header("fg-collapse", "kind", "profile", "unit", name,
	    "period", u->noperiod || u->period == 0 || samples ? NULL : per,
	    "samples", u->nosamples || u->samples == 0 || samples ||
	    !withsamples ? NULL : smp, (char *)NULL);
}

/*
 * A first touch of a page costs tens of microseconds on the machines
 * bench/collapse.sh ran on: the 1.2 MiB of items for the 300 MB
 * capture's 39,537 stacks were 309 page faults, a tenth of fg-collapse's.
 */
#define HUGE_FROM (512u << 10)
#define HUGE_PAGE (2u << 20)
struct fg_sortitem *
collapse_items(size_t n)
{
	size_t sz = sizeof(struct fg_sortitem);

	if (n <= HUGE_PAGE / sz && n * sz >= HUGE_FROM)
		return fg_big_alloc(HUGE_PAGE, 0);
	return fg_big_array(n, sz);
}

/* Writes the stacks of it[0..n). */
static void
write_items(const struct fg_sortitem *it, size_t n)
{
	const struct fg_ent *e;
	size_t i;

	for (i = 0; i < n; i++) {
		e = it[i].p;
		fg_out_rec(e->key, e->len, e->c, 1);
	}
}

struct half {
	struct fg_sortitem *it;
	size_t n;
};

static void *
sort_half(void *arg)
{
	struct half *h = arg;

	fg_sort_items(h->it, h->n);
	return NULL;
}

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
 * The folded profile, sorted bytewise. A large table is split at a pivot
 * key: a second thread sorts the stacks above it while this one sorts and
 * writes those below, then writes the rest. The table cannot be searched
 * afterwards.
 */
#define SPLIT_MIN 8192		/* fewer stacks are sorted on one thread */
void
collapse_write(struct fg_stab *tab, const struct copts *o)
{
	struct fg_sortitem *it;
	struct half h;
	pthread_t th;
	const char *pk;
	size_t n = fg_stab_count(tab), lo, pl;
	int threaded;

	collapse_header(o, 1);
	if (n < SPLIT_MIN || o->nothreads || !pivot(tab, &pk, &pl)) {
		it = collapse_items(n);
		(void)fg_stab_split(tab, NULL, 0, it);
		fg_sort_items(it, n);
		write_items(it, n);
		free(it);
		return;
	}
	it = collapse_items(n);
	lo = fg_stab_split(tab, pk, pl, it);
	h.it = it + lo;
	h.n = n - lo;
	threaded = pthread_create(&th, NULL, sort_half, &h) == 0;
	fg_sort_items(it, lo);
	write_items(it, lo);
	if (!threaded)
		sort_half(&h);
	else if ((errno = pthread_join(th, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_join");
	write_items(h.it, h.n);
	free(it);
}

/* The file name of window slot: -o's pattern with %n, %s, %t, %% filled. */
static char *
win_name(const struct cwin *w, int64_t slot, int dir)
{
	struct fg_outbuf b = { NULL, 0, 0 };
	const char *p;
	double start = w->origin + (double)slot * w->every;

	fg_out_capture(&b);
	if (dir) {
		fg_out_printf("%s/%04lld.folded", w->pattern, (long long)slot);
		goto done;
	}
	for (p = w->pattern; *p != '\0'; p++) {
		if (*p != '%' || p[1] == '\0') {
			fg_out_char(*p);
			continue;
		}
		switch (*++p) {
		case 'n':
			fg_out_printf("%04lld", (long long)slot);
			break;
		case 's':
			fg_out_printf("%.6f", start);
			break;
		case 't':
			fg_out_printf("%g", (double)slot * w->every);
			break;
		default:
			fg_out_char(*p);
			break;
		}
	}
done:
	fg_out_char('\0');
	fg_out_capture(NULL);
	return b.p;
}

static void
write_file(const char *name, const char *p, size_t n)
{
	int fd;
	ssize_t r;

	if ((fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0)
		fg_err(FG_EXIT_ERR, "%s", name);
	while (n > 0) {
		r = write(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fg_err(FG_EXIT_ERR, "%s: write error", name);
		p += r;
		n -= (size_t)r;
	}
	if (close(fd) < 0)
		fg_err(FG_EXIT_ERR, "%s: write error", name);
}

static int64_t
slot_of(const struct fg_ent *e)
{
	int64_t s = 0;
	int i;

	for (i = 0; i < WINDOW_KEYLEN; i++)
		s = s << 8 | (unsigned char)e->key[i];
	return s;
}

/*
 * One file per window from the first to the last that holds a sample
 * (empty files for windows without one, so that numbers are times); on
 * standard output, a line per file: its name, start and end.
 */
void
window_write(const struct copts *o, struct fg_stab *tab)
{
	const struct cwin *w = o->win;
	struct fg_ent **v = fg_stab_sorted(tab);
	struct fg_outbuf b;
	struct stat sb;
	size_t i = 0;
	int64_t slot, last = -1;
	int dir;
	char *name;

	dir = strchr(w->pattern, '%') == NULL;
	if (dir && mkdir(w->pattern, 0777) < 0 && (errno != EEXIST ||
	    stat(w->pattern, &sb) < 0 || !S_ISDIR(sb.st_mode)))
		fg_err(FG_EXIT_ERR, "%s", w->pattern);
	for (i = 0; v[i] != NULL; i++)
		last = slot_of(v[i]);
	for (i = 0, slot = 0; slot <= last; slot++) {
		memset(&b, 0, sizeof(b));
		fg_out_capture(&b);
		collapse_header(o, 0);
		for (; v[i] != NULL && slot_of(v[i]) == slot; i++) {
			fg_out_rec(v[i]->key + WINDOW_KEYLEN,
			    v[i]->len - WINDOW_KEYLEN, v[i]->c, 1);
		}
		fg_out_capture(NULL);
		name = win_name(w, slot, dir);
		write_file(name, b.p, b.n);
		fg_out_printf("%s\t%.6f\t%.6f\n", name,
		    w->origin + (double)slot * w->every,
		    w->origin + (double)(slot + 1) * w->every);
		free(name);
		free(b.p);
	}
	free(v);
}
