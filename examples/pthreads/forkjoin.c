/* Recursive fork-join: a divide-and-conquer sum; each level below the
 * depth limit forks a thread for the left half, recurses into the right
 * half itself, joins the child and combines (the combine costs work too).
 * The halves are split unevenly (60/40) so the tree is unbalanced.
 * usage: forkjoin [DEPTH=3] [ITERATIONS=100000000] */
#include <pthread.h>
#include <stdio.h>
#include "work.h"

struct job {
	long n;
	int depth;
	double result;
};

static void *solve(void *p)
{
	struct job *j = p;
	if (j->depth == 0) {
		j->result = work(j->n, (double)j->n);
		return NULL;
	}
	struct job left = {j->n * 6 / 10, j->depth - 1, 0}, right = {j->n - j->n * 6 / 10, j->depth - 1, 0};
	pthread_t t;
	pthread_create(&t, NULL, solve, &left);
	solve(&right);
	pthread_join(t, NULL);
	j->result = left.result + right.result + work(j->n / 200, 1.0);
	return NULL;
}

int main(int argc, char **argv)
{
	struct job root = {arg(argc, argv, 2, 100000000), (int)arg(argc, argv, 1, 3), 0};
	if (root.depth < 0 || root.depth > 10)
		return 2;
	solve(&root);
	printf("forkjoin: depth %d, result %.6f\n", root.depth, root.result);
	return 0;
}
