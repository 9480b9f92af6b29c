! The calls of the Fortran bindings of augur's MPI recorder, in the order
! of fortran_twin.c, its C twin: recorded, the two give the same trace but
! for the compute amounts (cmd/augur's TestRecordFortran). Four ranks.
program fortran
  use mpi
  implicit none
  integer :: rank, np, ierr, next, prev, sub
  integer :: reqs(2), st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 2)
  integer :: dims(1), cart
  logical :: flag, periods(1)
  double precision :: a(1000), b(1000), s(4)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  next = mod(rank + 1, np)
  prev = mod(rank + np - 1, np)
  a = rank
  ! A ring of blocking calls: a status kept, one ignored, a receive from
  ! any source.
  if (rank == 0) then
    call MPI_Send(a, 1000, MPI_DOUBLE_PRECISION, next, 1, MPI_COMM_WORLD, ierr)
    call MPI_Recv(b, 1000, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, st, ierr)
    if (st(MPI_SOURCE) /= prev) call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  else
    call MPI_Recv(b, 1000, MPI_DOUBLE_PRECISION, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Ssend(a, 1000, MPI_DOUBLE_PRECISION, next, 1, MPI_COMM_WORLD, ierr)
  end if
  ! Non-blocking exchanges with both neighbours.
  call MPI_Irecv(b, 500, MPI_DOUBLE_PRECISION, prev, 2, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Isend(a, 500, MPI_DOUBLE_PRECISION, next, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Waitall(2, reqs, sts, ierr)
  call MPI_Irecv(b, 10, MPI_INTEGER, prev, 3, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Issend(a, 10, MPI_INTEGER, next, 3, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Wait(reqs(2), MPI_STATUS_IGNORE, ierr)
  call MPI_Wait(reqs(1), st, ierr)
  call MPI_Irecv(b, 7, MPI_INTEGER, prev, 5, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Send(a, 7, MPI_INTEGER, next, 5, MPI_COMM_WORLD, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_Testall(1, reqs, flag, MPI_STATUSES_IGNORE, ierr)
  end do
  ! Collectives, reductions in place and not.
  s = rank
  call MPI_Allreduce(MPI_IN_PLACE, s, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Reduce(s, b, 4, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 1) then
    call MPI_Reduce(MPI_IN_PLACE, s, 4, MPI_DOUBLE_PRECISION, MPI_SUM, 1, MPI_COMM_WORLD, ierr)
  else
    call MPI_Reduce(s, b, 4, MPI_DOUBLE_PRECISION, MPI_SUM, 1, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Bcast(a, 100, MPI_DOUBLE_PRECISION, 2, MPI_COMM_WORLD, ierr)
  call MPI_Allgather(a, 3, MPI_DOUBLE_PRECISION, b, 3, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
  call MPI_Alltoall(a, 5, MPI_DOUBLE_PRECISION, b, 5, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
  call MPI_Gather(a, 2, MPI_DOUBLE_PRECISION, b, 2, MPI_DOUBLE_PRECISION, 3, MPI_COMM_WORLD, ierr)
  call MPI_Scatter(a, 2, MPI_DOUBLE_PRECISION, b, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_Sendrecv(a, 8, MPI_DOUBLE_PRECISION, next, 4, b, 8, MPI_DOUBLE_PRECISION, prev, 4, MPI_COMM_WORLD, st, ierr)
  ! Communicators (each a barrier in the trace): halves {0,2} and {1,3}, a
  ! duplicate and a collective on it, a periodic ring.
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, sub, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, sub, ierr)
  call MPI_Bcast(a, 16, MPI_DOUBLE_PRECISION, 0, sub, ierr)
  dims(1) = np
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
  call MPI_Barrier(cart, ierr)
  if (rank == 0) print '(a)', 'fortran: done'
  call MPI_Finalize(ierr)
end program
