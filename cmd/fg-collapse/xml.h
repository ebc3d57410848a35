/* SPDX-License-Identifier: ISC */
/*
 * xml.h: the small XML scanner xctrace.c reads an export with:
 * element tags and the attributes asked for, comments, CDATA,
 * processing instructions and declarations skipped (no DTDs, no
 * recursion), entities decoded on request.
 */
#ifndef XML_H
#define XML_H

#include <stddef.h>

#include "collapse.h"
#include "fg.h"

#define XML_NATTR 4		/* attributes a tag can be asked for */

/* The input being scanned, whole, and where the scan is. */
struct xml {
	struct fg_in *in;	/* for warnings: its name, the line */
	const char *s, *e;	/* the whole input */
	const char *p;		/* where the next tag is looked for */
};

/* An attribute's value, entities not decoded; v NULL when absent. */
struct xml_val {
	const char *v;
	size_t n;
};

/* An element's start or end tag. */
struct xml_tag {
	int end;		/* </name> */
	int empty;		/* <name .../> */
	const char *name;	/* its name, not NUL-terminated */
	size_t nlen;
	const char *at;		/* its '<' */
	const char *after;	/* just after its '>' */
	struct xml_val a[XML_NATTR];	/* a start tag's attributes */
};

/*
 * The next tag after x->p into t, with the values of the attributes
 * named attr[0..nattr) (nattr at most XML_NATTR) in t->a in that order;
 * 0 at the end of the input, warned when it ends inside a tag, comment
 * or declaration.
 */
int xml_next(struct xml *x, struct xml_tag *t, const char *const *attr,
    size_t nattr);
/* A warning about the input at at, naming its line. */
void xml_warn(struct xml *x, const char *at, const char *msg);
/* Appends s[0..n) to b with its entities decoded (&amp; ... &#N;). */
void xml_text(struct buf *b, const char *s, size_t n);
/* Whether c is XML white space. */
int xml_ws(char c);

#endif
