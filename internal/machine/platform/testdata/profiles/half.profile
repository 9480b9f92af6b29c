# halve the speed after 1 s
0 1.0
1 0.5
