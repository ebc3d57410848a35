/* SPDX-License-Identifier: ISC */
/*
 * cost.c: --cost VCPUS:PRICE, a share of a fleet's CPU time as money per
 * year (fg-top's cost column, fg-svg's hover and search). A share s of
 * the samples of VCPUS busy vCPUs at PRICE per vCPU-hour costs
 * s x VCPUS x PRICE x 8760 a year.
 */
#include <stdio.h>

#include "cost.h"
#include "stats.h"

void
fg_cost_parse(struct fg_cost *c, const char *arg)
{
	fg_parse_pair(arg, "--cost", &c->vcpus, &c->price, 0);
	c->on = 1;
}

double
fg_cost_year(const struct fg_cost *c, double share)
{
	return share * c->vcpus * c->price * 8760;
}

char *
fg_cost_fmt(const struct fg_cost *c, char *buf, size_t n, double share,
    int sign)
{
	snprintf(buf, n, sign ? "%+.2f" : "%.2f", fg_cost_year(c, share));
	return buf;
}
