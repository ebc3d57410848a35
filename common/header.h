/* SPDX-License-Identifier: ISC */
/*
 * header.h: "# fg-TOOL key=value ..." header lines, read (header-read.c)
 * and written (header-write.c).
 */
#ifndef FG_HEADER_H
#define FG_HEADER_H

/* Value of key in a "# fg-TOOL k=v ..." header (percent-decoded), or NULL. */
char *fg_header_get(const char *header, const char *key);
/* Writes "# fg-TOOL" then " key=value" pairs (NULL-terminated list). */
void fg_out_header(const char *tool, ...);

#endif
