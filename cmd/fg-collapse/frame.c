/* SPDX-License-Identifier: ISC */
/*
 * frame.c: what the JSON formats share: frame text from a profile's
 * strings, root frames and their selection, and their data warnings: no
 * line number (JSON has no useful one), the first ten printed, every one
 * counted in the status (the start of their head for a probe is
 * probe.c's).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "collapse.h"

void
collapse_frame(struct buf *b, const char *s, size_t n)
{
	size_t i = b->len;

	buf_put(b, s, n);
	for (; i < b->len; i++) {
		if (b->p[i] == ';')
			b->p[i] = ':';
		else if (b->p[i] == '\n' || b->p[i] == '\r' ||
		    b->p[i] == '\0')
			b->p[i] = ' ';
	}
}

void
collapse_rootframe(struct buf *b, const char *name, const char *what,
    const char *id, int withid)
{
	if (b->len > 0)
		buf_put(b, ";", 1);
	if (name == NULL || name[0] == '\0') {
		buf_put(b, what, strlen(what));
		buf_put(b, " ", 1);
		collapse_frame(b, id, strlen(id));
		return;
	}
	collapse_frame(b, name, strlen(name));
	if (withid) {
		buf_put(b, "-", 1);
		collapse_frame(b, id, strlen(id));
	}
}

int
collapse_selected(const char *const *sel, int n, const char *name,
    const char *id)
{
	int i;

	if (n == 0)
		return 1;
	for (i = 0; i < n; i++)
		if ((name != NULL && strcmp(sel[i], name) == 0) ||
		    strcmp(sel[i], id) == 0)
			return 1;
	return 0;
}

void
collapse_vwarn(struct fg_in *in, const char *label, const char *fmt,
    va_list ap)
{
	fg_status = fg_status > FG_EXIT_DATA ? fg_status : FG_EXIT_DATA;
	in->nbad++;
	if (++in->nwarn > 10)
		return;
	fprintf(stderr, "%s: %s: ", fg_progname, in->name);
	if (label != NULL)
		fprintf(stderr, "%s: ", label);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
collapse_warn(struct fg_in *in, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	collapse_vwarn(in, NULL, fmt, ap);
	va_end(ap);
}
