/* SPDX-License-Identifier: ISC */
/*
 * json.h: a small pull parser for JSON text held in memory (RFC 8259).
 *
 * json_next() returns one token at a time; containers are tracked on an
 * explicit, growing stack, so nesting depth is bounded only by memory and
 * nothing recurses. Strings are unescaped (\uXXXX surrogate pairs become
 * UTF-8, a lone surrogate becomes U+FFFD); other bytes, including invalid
 * UTF-8, are passed through unchanged. The first syntax error stops the
 * parser: JSON_ERR is returned from then on, with j->err and j->erroff
 * (byte offset into the text) describing it.
 */
#ifndef FG_JSON_H
#define FG_JSON_H

#include <stddef.h>
#include <stdint.h>

enum json_tok {
	JSON_ERR = -1,
	JSON_EOF = 0,		/* end of the text after one complete value */
	JSON_OBJ,		/* { */
	JSON_OBJ_END,		/* } */
	JSON_ARR,		/* [ */
	JSON_ARR_END,		/* ] */
	JSON_KEY,		/* an object member's name: str, len */
	JSON_STR,		/* a string value: str, len */
	JSON_NUM,		/* a number: str, len (its text) */
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL
};

struct json {
	const char *s, *p, *e;	/* text, position, end */
	char *stk;		/* open containers: '{' or '[' */
	size_t depth, stkcap;
	int state;
	char *str;		/* JSON_KEY, JSON_STR: unescaped, NUL-ended */
	size_t len;		/* JSON_NUM: str points into the text */
	char *sbuf;
	size_t scap;
	const char *err;	/* after JSON_ERR */
	size_t erroff;
};

void json_init(struct json *j, const char *text, size_t len);
void json_free(struct json *j);
enum json_tok json_next(struct json *j);
/*
 * Skips the rest of a value whose first token t was just returned (a
 * whole object or array when t opens one). Returns 0, or -1 on error.
 */
int json_skip(struct json *j, enum json_tok t);
/* Text of a JSON_NUM as an integer: 0, or -1 when not one or too large. */
int json_int64(const char *s, size_t len, int64_t *v);
/*
 * Starts sub on the value that follows in j (after a JSON_KEY, or the
 * next element of an array), for reading it again later: j is not moved,
 * and sub stops after that one value. Offsets in sub count from the start
 * of j's text.
 */
void json_sub(struct json *sub, const struct json *j);
/* Number of depth currently open (0 at top level). */
size_t json_depth(const struct json *j);

#endif
