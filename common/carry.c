/* SPDX-License-Identifier: ISC */
/*
 * carry.c: the header values fg-merge and fg-diff carry on. A value
 * survives only when every input's header gives it, all alike: an input
 * without a header, or one that says otherwise, leaves it unsaid, so that
 * counts summed from different units are never named as one.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "carry.h"

/* One key of one input's header into *agreed, or *none when it differs. */
static void
agree(char **agreed, int *none, const char *header, const char *key)
{
	char *v;

	if (*none)
		return;
	v = header == NULL ? NULL : fg_header_get(header, key);
	if (v != NULL && *agreed == NULL) {
		*agreed = v;
		return;
	}
	if (v == NULL || strcmp(*agreed, v) != 0) {
		free(*agreed);
		*agreed = NULL;
		*none = 1;
	}
	free(v);
}

void
fg_carry_add(struct fg_carry *c, int i, const char *header)
{
	agree(&c->unit, &c->nounit, header, "unit");
	agree(&c->period, &c->noperiod, header, "period");
	if (i < 2 && header != NULL && c->samples[i] == NULL)
		c->samples[i] = fg_header_get(header, "samples");
}

const char *
fg_carry_unit(const struct fg_carry *c)
{
	return c->nounit ? NULL : c->unit;
}

const char *
fg_carry_period(const struct fg_carry *c)
{
	return c->noperiod ? NULL : c->period;
}

void
fg_carry_free(struct fg_carry *c)
{
	free(c->unit);
	free(c->period);
	free(c->samples[0]);
	free(c->samples[1]);
}
