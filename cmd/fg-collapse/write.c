/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-collapse's output: the folded profile on standard output,
 * sorted bytewise, or with --window one folded file per window and a line
 * naming each on standard output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
 * The folded profile, sorted bytewise (sort.c). The table cannot be
 * searched afterwards.
 */
void
collapse_write(struct fg_stab *tab, const struct copts *o)
{
	collapse_header(o, 1);
	collapse_sort(tab, o->nothreads, write_items);
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
