/* SPDX-License-Identifier: ISC */
/* cost.c: the cost column's figures (--cost, common/cost.h). */
#include <stdio.h>

#include "top.h"

char *
fg_cost_fmt(const struct fg_cost *c, char *buf, size_t n, double share,
    int sign)
{
	snprintf(buf, n, sign ? "%+.2f" : "%.2f", fg_cost_year(c, share));
	return buf;
}
