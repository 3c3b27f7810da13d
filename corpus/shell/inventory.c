/* The program the gdb scenario debugs (compiled with -g in the scenario's
 * directory): a few functions and locals to list and break on. */
#include <stdio.h>

struct item {
	const char *name;
	int count;
};

static int total(const struct item *items, int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += items[i].count;
	return sum;
}

int main(void)
{
	struct item items[] = {{"bolts", 12}, {"nuts", 30}, {"washers", 7}};
	printf("%d items\n", total(items, 3));
	return 0;
}
