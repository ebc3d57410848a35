/* SPDX-License-Identifier: ISC */
/*
 * err.c: the messages on standard error: program name, warnings, fatal
 * errors, and warnings about an input's lines (capped).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

#define IN_MAXWARN 10	/* warnings shown for one input */

const char *fg_progname = "fg";
int fg_status = FG_EXIT_OK;
int fg_quiet;
void (*fg_fatal_hook)(int);

void
fg_setprogname(const char *argv0)
{
	if (argv0 != NULL && *argv0 != '\0')
		fg_progname = fg_basename(argv0);
}

const char *
fg_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL && s[1] != '\0' ? s + 1 : path;
}

static void vwarnc(int, const char *, va_list) FG_PRINTF(2, 0);

static void
vwarnc(int errnum, const char *fmt, va_list ap)
{
	/* stdout is flushed by the caller's fatal path; keep stderr simple */
	fprintf(stderr, "%s: ", fg_progname);
	if (fmt != NULL)
		vfprintf(stderr, fmt, ap);
	if (errnum >= 0)
		fprintf(stderr, "%s%s", fmt != NULL ? ": " : "",
		    strerror(errnum));
	fputc('\n', stderr);
}

void
fg_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnc(-1, fmt, ap);
	va_end(ap);
}

void
fg_warn(const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vwarnc(e, fmt, ap);
	va_end(ap);
}

void
fg_exit(int code)
{
	if (fg_fatal_hook != NULL)
		fg_fatal_hook(code);	/* a fuzz target: does not return */
	exit(code);
}

void
fg_errx(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnc(-1, fmt, ap);
	va_end(ap);
	fg_exit(code);
}

void
fg_err(int code, const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vwarnc(e, fmt, ap);
	va_end(ap);
	fg_exit(code);
}

void
fg_in_warn(struct fg_in *in, const char *fmt, ...)
{
	va_list ap;

	if (in->quiet) {
		in->nbad++;
		return;
	}
	fg_status = fg_status > FG_EXIT_DATA ? fg_status : FG_EXIT_DATA;
	in->nbad++;
	if (fg_quiet || ++in->nwarn > IN_MAXWARN)
		return;
	fprintf(stderr, "%s: %s:%llu: ", fg_progname, in->name,
	    (unsigned long long)in->lineno);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
fg_in_warnsummary(struct fg_in *in)
{
	if (in->nwarn > IN_MAXWARN) {
		fprintf(stderr, "%s: %s: %llu malformed lines skipped "
		    "(%u shown)\n", fg_progname, in->name,
		    (unsigned long long)in->nbad, IN_MAXWARN);
		in->nwarn = 0;
	}
}
