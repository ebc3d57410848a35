/* SPDX-License-Identifier: ISC */
/*
 * span.c: a byte range of one input read on its own, with pread(2) or from
 * memory: a folded reader of it, and where its lines start (span.h).
 */
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "span.h"

void
fg_span_fold(const struct fg_span *s, struct fg_fold *f, enum fg_kind kind,
    int truncfrac, const struct fg_bases *bases)
{
	memset(f, 0, sizeof(*f));
	if (s->map != NULL)
		fg_in_mem(&f->in, s->name, s->map + s->start,
		    (size_t)(s->end - s->start));
	else
		fg_in_range(&f->in, s->name, s->fd, s->start, s->end);
	f->in.quiet = 1;
	f->kind = kind;
	f->truncfrac = truncfrac;
	f->bases = bases;
}

uint64_t
fg_span_linestart(const struct fg_span *s, uint64_t off)
{
	char probe[4096];
	const char *nl;
	ssize_t n;

	if (s->map != NULL) {
		nl = memchr(s->map + off, '\n', (size_t)(s->end - off));
		return nl != NULL ? (uint64_t)(nl - s->map) + 1 : 0;
	}
	for (;;) {
		n = pread(s->fd, probe, sizeof(probe), (off_t)off);
		if (n <= 0)
			return 0;
		nl = memchr(probe, '\n', (size_t)n);
		if (nl != NULL)
			return off + (uint64_t)(nl - probe) + 1;
		off += (uint64_t)n;
	}
}
