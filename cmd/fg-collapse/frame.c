/* SPDX-License-Identifier: ISC */
/* frame.c: frame text from a profile's strings into folded stacks. */
#include "collapse.h"

void
collapse_frame(struct fg_buf *b, const char *s, size_t n)
{
	size_t i = b->len;

	fg_buf_put(b, s, n);
	for (; i < b->len; i++) {
		if (b->p[i] == ';')
			b->p[i] = ':';
		else if (b->p[i] == '\n' || b->p[i] == '\r' ||
		    b->p[i] == '\0')
			b->p[i] = ' ';
	}
}
