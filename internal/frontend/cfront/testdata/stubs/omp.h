#ifndef STUB_OMP_H
#define STUB_OMP_H
typedef struct { void *p; } omp_lock_t;
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int n);
int omp_get_num_procs(void);
int omp_in_parallel(void);
double omp_get_wtime(void);
void omp_init_lock(omp_lock_t *l);
void omp_set_lock(omp_lock_t *l);
void omp_unset_lock(omp_lock_t *l);
void omp_destroy_lock(omp_lock_t *l);
#endif
