/* SPDX-License-Identifier: ISC */
/*
 * inraw.c: fg-collapse's input as bytes rather than lines: looking ahead
 * (the format probe, perf's block reader), reading into its own buffers
 * (perf's pipe reader), handing bytes back, and a whole input at once
 * (JSON and protobuf formats). Over common/core/in.c's buffer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "inraw.h"

const char *
in_peek(struct fg_in *in, size_t want, size_t *have)
{
	while (!in->eof && in->end - in->pos < want)
		fg_in_fill(in);
	*have = in->end - in->pos;
	return in->buf + in->pos;
}

size_t
in_read(struct fg_in *in, char *buf, size_t n)
{
	const char *p;
	size_t have;
	ssize_t r;

	if (in->pos == in->end && !in->eof && !in->callermem && !in->ranged) {
		in->boff += in->end;
		in->pos = in->end = 0;
		while ((r = read(in->fd, buf, n)) < 0)
			if (errno != EINTR)
				fg_err(FG_EXIT_ERR, "%s: read error", in->name);
		if (r == 0) {
			in->eof = 1;
			fg_in_gzend(in);
		}
		in->boff += (uint64_t)r;
		return (size_t)r;
	}
	p = in_peek(in, 1, &have);
	if (n > have)
		n = have;
	memcpy(buf, p, n);
	in->pos += n;
	return n;
}

void
in_unread(struct fg_in *in, const char *buf, size_t n)
{
	size_t left = in->end - in->pos;

	if (in->callermem)
		fg_errx(FG_EXIT_ERR, "%s: in_unread on the caller's memory",
		    in->name);
	if (in->cap < n + left + 1) {
		in->cap = n + left + 1;
		in->buf = fg_realloc(in->buf, in->cap);
	}
	memmove(in->buf + n, in->buf + in->pos, left);
	memcpy(in->buf, buf, n);
	in->boff = in->boff + in->pos - n;
	in->pos = 0;
	in->end = n + left;
}

char *
in_slurp(struct fg_in *in, size_t *len)
{
	char *p;
	size_t n;

	in->slurp = 1;		/* a whole file, not a line: no line limit */
	while (!in->eof)
		fg_in_fill(in);
	n = in->end - in->pos;
	p = fg_malloc(n + 1);
	memcpy(p, in->buf + in->pos, n);
	p[n] = '\0';
	in->pos = in->end;
	*len = n;
	return p;
}
