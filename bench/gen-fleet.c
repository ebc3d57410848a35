/* SPDX-License-Identifier: ISC */
/*
 * gen-fleet: per-host profiles of one service, as a fleet's hosts would
 * collapse them.
 * usage: gen-fleet SERVICE DIR NHOSTS LINES SEED
 *
 * SERVICE is a folded profile sorted bytewise (gen-service's output through
 * LC_ALL=C sort): the stacks the service can run. Host h gets LINES of them
 * (fewer if it draws one twice), drawn with a skew towards the first ones
 * (hot paths run everywhere, cold ones on a few hosts), each with a count
 * of its own, and is written to DIR/hNNNNN.folded sorted as fg-collapse
 * prints, opened in turn for writing: DIR may hold FIFOs a reader drains
 * one after the other (a 10 GB fleet without 10 GB on disk). Prints the
 * bytes written to standard output.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-rand.h"

struct line {
	const char *s;	/* the stack, without its count */
	size_t len;
};

static int
cmpidx(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* Reads SERVICE whole; each line's stack (up to its last space). */
static struct line *
readservice(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	struct line *v = NULL;
	size_t cap = 0, sz = 0, got, i, st;
	char *buf = NULL;

	if (f == NULL) {
		perror(path);
		exit(2);
	}
	for (;;) {
		buf = realloc(buf, sz + (1 << 20));
		if (buf == NULL)
			exit(2);
		got = fread(buf + sz, 1, 1 << 20, f);
		sz += got;
		if (got == 0)
			break;
	}
	fclose(f);
	*n = 0;
	for (i = st = 0; i < sz; i++) {
		if (buf[i] != '\n')
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 1024;
			if ((v = realloc(v, cap * sizeof(*v))) == NULL)
				exit(2);
		}
		v[*n].s = buf + st;
		v[*n].len = i - st;
		while (v[*n].len > 0 && buf[st + v[*n].len - 1] != ' ')
			v[*n].len--;
		if (v[*n].len > 0) {
			v[*n].len--;
			(*n)++;
		}
		st = i + 1;
	}
	return v;
}

int
main(int argc, char *argv[])
{
	struct line *v;
	size_t n, h, nh, k, nl, *idx;
	unsigned long long bytes = 0;
	char path[4096];
	double u;
	FILE *o;

	if (argc != 6) {
		fprintf(stderr, "usage: gen-fleet SERVICE DIR NHOSTS LINES "
		    "SEED\n");
		return 2;
	}
	v = readservice(argv[1], &n);
	nh = strtoul(argv[3], NULL, 10);
	nl = strtoul(argv[4], NULL, 10);
	gen_rs = fg_mix64(strtoull(argv[5], NULL, 10) + 1);
	if (n == 0 || (idx = calloc(nl + 1, sizeof(*idx))) == NULL)
		return 2;
	for (h = 0; h < nh; h++) {
		for (k = 0; k < nl; k++) {
			u = (double)(rnd() >> 11) / 9007199254740992.0;
			idx[k] = (size_t)(u * u * (double)n);
		}
		qsort(idx, nl, sizeof(*idx), cmpidx);
		snprintf(path, sizeof(path), "%s/h%05zu.folded", argv[2], h);
		if ((o = fopen(path, "w")) == NULL) {
			perror(path);
			return 2;
		}
		for (k = 0; k < nl; k++) {
			if (k > 0 && idx[k] == idx[k - 1])
				continue;
			fwrite(v[idx[k]].s, 1, v[idx[k]].len, o);
			bytes += v[idx[k]].len + (unsigned long long)fprintf(o,
			    " %llu\n", (unsigned long long)(1 + rnd() % 500));
		}
		if (fclose(o) != 0) {
			perror(path);
			return 2;
		}
	}
	printf("%llu\n", bytes);
	return 0;
}
