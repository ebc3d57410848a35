/* SPDX-License-Identifier: ISC */
/* top.h: fg-top's table printer (table.c), shared with main.c. */
#ifndef TOP_H
#define TOP_H

#include <stddef.h>

enum fmt { FMT_TEXT, FMT_TSV, FMT_MD };

#define TBL_MAXCOL 16
struct tbl {
	int ncol;
	const char *head[TBL_MAXCOL];	/* column titles */
	const char *tsvhead[TBL_MAXCOL];	/* titles in --tsv */
	int left[TBL_MAXCOL];		/* left-aligned column */
	int nohead;			/* rows only (TSV continued) */
	char **cell;			/* nrow * ncol strings, malloc'd */
	size_t nrow, cap;
};

void tbl_init(struct tbl *t, int ncol);
/* Adds a row; cells are copied. The name column holds raw bytes (len). */
void tbl_row(struct tbl *t, const char *const *cells);
/* Copies a raw name into a cell escaped for the format. */
char *tbl_name(const char *s, size_t len, enum fmt f);
void tbl_print(const struct tbl *t, enum fmt f);
void tbl_free(struct tbl *t);

#endif
