/* SPDX-License-Identifier: ISC */
/*
 * header-write.c: the "# fg-TOOL key=value ..." header lines of
 * fg-folded(5): values are percent-encoded so that a header never
 * contains a blank inside a value nor ends in a number (header-read.c
 * decodes them).
 */
#include <stdarg.h>
#include <string.h>

#include "fg.h"

static void
out_escaped(const char *s)
{
	static const char hx[] = "0123456789ABCDEF";
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("._/:,+@-", *p)) {
			fg_out_char(*p);
		} else {
			fg_out_char('%');
			fg_out_char(hx[*p >> 4]);
			fg_out_char(hx[*p & 15]);
		}
	}
}

void
fg_out_header(const char *tool, ...)
{
	va_list ap;
	const char *k, *v;

	fg_out_str("# ");
	fg_out_str(tool);
	va_start(ap, tool);
	while ((k = va_arg(ap, const char *)) != NULL) {
		v = va_arg(ap, const char *);
		if (v == NULL)
			continue;
		fg_out_char(' ');
		fg_out_str(k);
		fg_out_char('=');
		out_escaped(v);
	}
	va_end(ap);
	fg_out_char('\n');
}
