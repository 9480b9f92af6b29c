// fortran_twin.c's calls written in C++ (templates, a class holding
// references, std::vector and std::array, range-for, lambdas): a C++
// program records through the C bindings as a C one does.
#include <mpi.h>

#include <array>
#include <cstdio>
#include <vector>

template <typename T> MPI_Datatype mpiType();
template <> MPI_Datatype mpiType<double>() { return MPI_DOUBLE; }
template <> MPI_Datatype mpiType<int>() { return MPI_INT; }

class Ring {
  public:
    Ring(MPI_Comm &comm) : comm_(comm) {
        MPI_Comm_rank(comm_, &rank_);
        MPI_Comm_size(comm_, &np_);
    }
    int rank() const { return rank_; }
    int size() const { return np_; }
    int next() const { return (rank_ + 1) % np_; }
    int prev() const { return (rank_ + np_ - 1) % np_; }
    template <typename T> void send(const std::vector<T> &v, int n, int tag, bool sync = false) const {
        (sync ? MPI_Ssend : MPI_Send)(v.data(), n, mpiType<T>(), next(), tag, comm_);
    }
    template <typename T> MPI_Request irecv(std::vector<T> &v, int n, int tag) const {
        MPI_Request r;
        MPI_Irecv(v.data(), n, mpiType<T>(), prev(), tag, comm_, &r);
        return r;
    }

  private:
    MPI_Comm &comm_;
    int rank_ = 0, np_ = 1;
};

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm world = MPI_COMM_WORLD;
    const Ring ring(world);
    std::vector<double> a(1000), b(1000);
    std::vector<int> ia(1000), ib(1000);
    for (auto &x : a) x = ring.rank();
    MPI_Status st;
    if (ring.rank() == 0) {
        ring.send(a, 1000, 1);
        MPI_Recv(b.data(), 1000, MPI_DOUBLE, MPI_ANY_SOURCE, 1, world, &st);
        if (st.MPI_SOURCE != ring.prev()) MPI_Abort(world, 2);
    } else {
        MPI_Recv(b.data(), 1000, MPI_DOUBLE, ring.prev(), 1, world, MPI_STATUS_IGNORE);
        ring.send(a, 1000, 1, true);
    }
    std::array<MPI_Request, 2> reqs{};
    std::array<MPI_Status, 2> sts{};
    reqs[0] = ring.irecv(b, 500, 2);
    MPI_Isend(a.data(), 500, MPI_DOUBLE, ring.next(), 2, world, &reqs[1]);
    MPI_Waitall(2, reqs.data(), sts.data());
    reqs[0] = ring.irecv(ib, 10, 3);
    MPI_Issend(ia.data(), 10, MPI_INT, ring.next(), 3, world, &reqs[1]);
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    MPI_Wait(&reqs[0], &st);
    reqs[0] = ring.irecv(ib, 7, 5);
    ring.send(ia, 7, 5);
    int flag = 0;
    while (!flag) MPI_Testall(1, reqs.data(), &flag, MPI_STATUSES_IGNORE);
    std::array<double, 4> s{};
    s.fill(ring.rank());
    MPI_Allreduce(MPI_IN_PLACE, s.data(), 4, MPI_DOUBLE, MPI_SUM, world);
    MPI_Reduce(s.data(), b.data(), 4, MPI_DOUBLE, MPI_MAX, 0, world);
    auto reduceTo = [&](int root) {
        if (ring.rank() == root)
            MPI_Reduce(MPI_IN_PLACE, s.data(), 4, MPI_DOUBLE, MPI_SUM, root, world);
        else
            MPI_Reduce(s.data(), b.data(), 4, MPI_DOUBLE, MPI_SUM, root, world);
    };
    reduceTo(1);
    MPI_Bcast(a.data(), 100, MPI_DOUBLE, 2, world);
    MPI_Allgather(a.data(), 3, MPI_DOUBLE, b.data(), 3, MPI_DOUBLE, world);
    MPI_Alltoall(a.data(), 5, MPI_DOUBLE, b.data(), 5, MPI_DOUBLE, world);
    MPI_Gather(a.data(), 2, MPI_DOUBLE, b.data(), 2, MPI_DOUBLE, 3, world);
    MPI_Scatter(a.data(), 2, MPI_DOUBLE, b.data(), 2, MPI_DOUBLE, 0, world);
    MPI_Sendrecv(a.data(), 8, MPI_DOUBLE, ring.next(), 4, b.data(), 8, MPI_DOUBLE, ring.prev(), 4, world, &st);
    MPI_Comm sub, cart;
    MPI_Comm_split(world, ring.rank() % 2, ring.rank(), &sub);
    MPI_Comm_dup(world, &sub);
    MPI_Bcast(a.data(), 16, MPI_DOUBLE, 0, sub);
    int dims[1] = {ring.size()}, periods[1] = {1};
    MPI_Cart_create(world, 1, dims, periods, 0, &cart);
    MPI_Barrier(cart);
    if (ring.rank() == 0) std::printf("cxx: done\n");
    MPI_Finalize();
    return 0;
}
