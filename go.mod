module augur

go 1.26
