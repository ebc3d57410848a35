/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-collapse's output: the folded profile on standard output,
 * sorted bytewise (a large table on two threads), or with --window one
 * folded file per window and a line naming each on standard output; and
 * the header's values.
 *
 * What the counts are, for the header: the unit, the period (count units
 * per sample) and the number of samples, as each input's format states
 * them. A value is kept only when every input states it, all alike (the
 * samples summed): an input that says nothing, or says otherwise, leaves
 * it unsaid.
 */
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collapse.h"
#include "fg.h"

void
collapse_unit(const struct copts *o, const char *unit, size_t len)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (s->nounit)
		return;
	if (len == 0 || len >= sizeof(s->name) || (s->name[0] != '\0' &&
	    (strlen(s->name) != len || memcmp(s->name, unit, len) != 0))) {
		s->nounit = 1;	/* unnamed, too long or two units */
		return;
	}
	memcpy(s->name, unit, len);
	s->name[len] = '\0';
}

void
collapse_plain(const struct copts *o)
{
	if (o->unit != NULL)
		o->unit->plain = 1;
}

void
collapse_period(const struct copts *o, uint64_t period)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (period == 0 || (s->period != 0 && s->period != period))
		s->noperiod = 1;
	else
		s->period = period;
}

void
collapse_samples(const struct copts *o, uint64_t n)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (n == COLLAPSE_UNKNOWN || s->samples > UINT64_MAX - 1 - n)
		s->nosamples = 1;
	else {
		s->samples += n;
		s->hassamples = 1;
	}
}

void
collapse_origin(const struct copts *o, int origin)
{
	struct cstate *s;

	if (o->unit == NULL)
		return;
	s = &o->unit->in;
	if (s->origin == 0)
		s->origin = 1 + origin;
	else if (s->origin != 1 + origin)
		s->origin = -1;
}

void
collapse_weights(const struct copts *o, double sw, double sw2)
{
	struct cstate *s;

	if (o->unit == NULL || !(sw > 0) || !(sw2 > 0))
		return;
	s = &o->unit->in;
	s->sw += sw;
	s->sw2 += sw2;
	s->hasw = 1;
}

/* Whether state s names each value: the unit, period and samples. */
static void
known(struct cstate *s)
{
	if (s->nounit || s->name[0] == '\0') {
		s->nounit = 1;
		s->name[0] = '\0';
	}
	if (s->noperiod || s->period == 0) {
		s->noperiod = 1;
		s->period = 0;
	}
	if (s->nosamples || !s->hassamples) {
		s->nosamples = 1;
		s->samples = 0;
	}
}

void
collapse_unit_end(const struct copts *o, const char *name)
{
	struct cunit *u = o->unit;
	struct cstate *a = &u->all, *s = &u->in;

	known(s);
	if (!s->hasw)
		s->now = 1;
	if (u->ninputs++ == 0) {
		*a = *s;
		memset(s, 0, sizeof(*s));
		return;
	}
	if (a->origin != s->origin)
		a->origin = -1;
	a->sw += s->sw;
	a->sw2 += s->sw2;
	a->now |= s->now;
	if (!s->nounit && !a->nounit && strcmp(a->name, s->name) != 0) {
		if (!a->mixed)	/* fg-merge's words */
			fg_warnx("%s: counts in %s, an earlier input's in %s: "
			    "the sum has no unit, and no noise test applies "
			    "to it", name, s->name, a->name);
		a->mixed = 1;	/* counts of two units: no test */
	}
	if (s->nounit || strcmp(a->name, s->name) != 0) {
		a->nounit = 1;
		a->name[0] = '\0';
	}
	if (s->noperiod || a->period != s->period) {
		a->noperiod = 1;
		a->period = 0;
	}
	if (s->nosamples || a->samples > UINT64_MAX - 1 - s->samples) {
		a->nosamples = 1;
		a->samples = 0;
	} else
		a->samples += s->samples;
	memset(s, 0, sizeof(*s));
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
#include "stats.h"

void
collapse_header(const struct copts *o, int withsamples)
{
	const struct cstate *u = &o->unit->all;
	const char *name = u->nounit || u->name[0] == '\0' ? NULL : u->name;
	char per[32], smp[32], ess[32];
	const char *org = NULL;
	int samples, hasess;
	double e;

	samples = name != NULL && strcmp(name, "samples") == 0;
	if (o->header == 0 || (o->header < 0 && !o->unit->numtail && !u->mixed &&
	    (name == NULL || samples || o->unit->plain)))
		return;
	snprintf(per, sizeof(per), "%llu", (unsigned long long)u->period);
	snprintf(smp, sizeof(smp), "%llu", (unsigned long long)u->samples);
	/* effective samples, when the weights vary enough to matter */
	e = u->hasw && !u->now ? u->sw * u->sw / u->sw2 : 0;
	hasess = withsamples && !u->nosamples && u->samples > 0 && e > 0 &&
	    floor(e) < 0.99 * (double)u->samples && !u->mixed;
	snprintf(ess, sizeof(ess), "%.0f", e < 1 ? 1 : floor(e));
	/* sampled goes without saying when samples= or period= is there */
	if (u->origin > 0 && u->origin - 1 != FG_ORIGIN_SAMPLED)
		org = fg_origin_name(u->origin - 1);
	if (u->mixed)	/* samples of different units: no noise test */
		org = fg_origin_name(FG_ORIGIN_UNKNOWN);
	fg_out_header("fg-collapse", "kind", "profile", "unit", name,
	    "origin", org,
	    "period", u->noperiod || u->period == 0 || samples ? NULL : per,
	    "samples", u->nosamples || u->samples == 0 || samples ||
	    u->mixed || !withsamples ? NULL : smp, "ess", hasess ? ess : NULL,
	    (char *)NULL);
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

/*
 * tab's stacks as fg_out_stack writes them (after off bytes of a
 * window's key), in a new table whose bytewise order and unique stacks
 * are those of the output; NULL when every stack is written as it is.
 * *numtail is set when a stack ends in a number (fg_stack_numtail).
 */
static struct fg_stab *
unmeta(struct fg_stab *tab, size_t off, int *numtail)
{
	struct fg_stab *t = NULL;
	struct fg_ent *e, *d;
	struct buf b = { 0 };
	const char *k;
	int odd;

	for (e = fg_stab_first(tab); e != NULL; e = e->next) {
		k = e->key + off;
		odd = fg_stack_odd(k, e->len - off);
		if (!*numtail)
			*numtail = fg_stack_numtail(k, e->len - off);
		if (odd && t == NULL) {
			t = fg_stab_new(1);	/* the stacks before are copied */
			for (d = fg_stab_first(tab); d != e; d = d->next)
				fg_count_add(&fg_stab_get(t, d->key,
				    d->len)->c[0], d->c[0]);
		}
		if (t == NULL)
			continue;
		b.len = 0;
		buf_need(&b, e->len + 1);
		memcpy(b.p, e->key, off);
		b.len = off + fg_stack_fix(k, e->len - off, b.p + off);
		d = fg_stab_get(t, b.p, b.len);
		if (fg_count_add(&d->c[0], e->c[0]) < 0)
			fg_sum_overflow("<output>", 0);
	}
	free(b.p);
	return t;
}

/*
 * The folded profile, sorted bytewise (the sort below). The table cannot be
 * searched afterwards.
 */
void
collapse_write(struct fg_stab *tab, const struct copts *o)
{
	struct fg_stab *t = unmeta(tab, 0, &o->unit->numtail);

	collapse_header(o, 1);
	collapse_sort(t != NULL ? t : tab, o->nothreads, write_items);
	if (t != NULL)
		fg_stab_free(t);
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

/*
 * A window's file, written whole under a temporary name and renamed: an
 * interrupted run leaves no partial window under a window's name.
 */
static void
write_file(const char *name, const char *p, size_t n)
{
	char *tmp = fg_malloc(strlen(name) + 32);
	int fd;
	ssize_t r;

	sprintf(tmp, "%s.%ld.tmp", name, (long)getpid());
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0)
		fg_err(FG_EXIT_ERR, "%s", tmp);
	while (n > 0) {
		r = write(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			(void)unlink(tmp);
			fg_err(FG_EXIT_ERR, "%s: write error", tmp);
		}
		p += r;
		n -= (size_t)r;
	}
	if (close(fd) < 0) {
		(void)unlink(tmp);
		fg_err(FG_EXIT_ERR, "%s: write error", tmp);
	}
	if (rename(tmp, name) < 0) {
		(void)unlink(tmp);
		fg_err(FG_EXIT_ERR, "%s", name);
	}
	free(tmp);
}

/*
 * -o DIR used again: the windows an earlier run wrote there past this
 * run's last (files named as window_write names them, NNNN.folded) are
 * removed, so that the directory holds one capture; other files stay.
 */
static void
prune(const char *dir, int64_t last)
{
	DIR *d;
	struct dirent *de;
	const char *s;
	char *path;
	size_t k;
	long long slot;

	if ((d = opendir(dir)) == NULL)
		fg_err(FG_EXIT_ERR, "%s", dir);
	while ((de = readdir(d)) != NULL) {
		s = de->d_name;
		for (k = 0; s[k] >= '0' && s[k] <= '9'; k++)
			;
		if (k < 4 || k > 18 || strcmp(s + k, ".folded") != 0)
			continue;
		slot = strtoll(s, NULL, 10);
		if (slot <= last)
			continue;
		path = fg_malloc(strlen(dir) + strlen(s) + 2);
		sprintf(path, "%s/%s", dir, s);
		if (unlink(path) < 0)
			fg_err(FG_EXIT_ERR, "%s", path);
		free(path);
	}
	closedir(d);
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
	struct fg_stab *t = unmeta(tab, WINDOW_KEYLEN, &o->unit->numtail);
	struct fg_ent **v = fg_stab_sorted(t != NULL ? t : tab);
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
	if (dir)
		prune(w->pattern, last);
	free(v);
	if (t != NULL)
		fg_stab_free(t);
}
