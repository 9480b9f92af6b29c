// Every communication element, clauses in non-canonical order on purpose.
model comm

param N = 1024
param ROOT = 0
local peer = 0

activity main {
  peer = (pid + 1) % procs
  send S1 size N * 8B to peer tag 7 cost 1us
  isend S2 to peer size 4KiB
  recv R1 from any size N * 8B tag any
  irecv R2 tag 3 from (pid + procs - 1) % procs
  irecv R3 from 0
  recv R4 cost 2us from pid - 1 size 1MB tag pid
  wait W1 on S2, R2
  wait W2
  barrier B1
  barrier B2 cost 10us threads
  bcast BC1 size 64KB root ROOT
  reduce RD1 root 0 size 8 algorithm binomial cost 5us
  gather G1 root procs - 1 size 1KiB
  scatter SC1 size 2MiB root 0 algorithm linear
  allreduce AR1 algorithm ring size 8 cost 1ms
  allgather AG1 size 1GB
  alltoall A2A size 16KB algorithm pairwise
}
