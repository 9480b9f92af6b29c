/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 7 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_7.c
 * Seed:      7
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
union U0 {
   int64_t  f0;
   volatile int32_t  f1;
   volatile uint8_t  f2;
   const volatile int32_t  f3;
};

union U1 {
   signed f0 : 2;
};

union U2 {
   uint32_t  f0;
};

union U3 {
   volatile uint32_t  f0;
   const volatile int64_t  f1;
   uint32_t  f2;
};

/* --- GLOBAL VARIABLES --- */
static uint64_t g_2 = 0x1009D434678DC2A8LL;
static int16_t g_15 = 1L;
static int16_t g_17 = 0x3826L;
static int8_t g_19[4] = {0L,0L,0L,0L};
static int32_t g_41 = 0xD52276C1L;
static int32_t * volatile g_40 = &g_41;/* VOLATILE GLOBAL g_40 */
static int32_t * volatile * volatile g_42[4] = {&g_40,&g_40,&g_40,&g_40};
static union U0 g_44 = {0L};/* VOLATILE GLOBAL g_44 */
static uint8_t g_50 = 0x5BL;
static int32_t *g_71 = &g_41;
static int32_t ** volatile g_70[4][1] = {{&g_71},{(void*)0},{&g_71},{(void*)0}};
static volatile int16_t g_97 = 0x7154L;/* VOLATILE GLOBAL g_97 */
static union U0 g_138 = {0x76325E5DDD43575ALL};/* VOLATILE GLOBAL g_138 */
static int32_t g_140 = 1L;
static int32_t * volatile g_139 = &g_140;/* VOLATILE GLOBAL g_139 */
static int32_t ** volatile g_154[3][4] = {{&g_71,&g_71,&g_71,&g_71},{&g_71,&g_71,&g_71,&g_71},{&g_71,&g_71,&g_71,&g_71}};
static int32_t ** volatile g_157 = &g_71;/* VOLATILE GLOBAL g_157 */
static int32_t *g_158 = &g_140;
static int64_t g_166[1][1] = {{0xD45E5A649F2D250FLL}};
static volatile union U2 g_188[4][1] = {{{0xCC6596B1L}},{{0xCC6596B1L}},{{0xCC6596B1L}},{{0xCC6596B1L}}};
static union U0 *g_195 = &g_138;
static union U0 ** const  volatile g_194 = &g_195;/* VOLATILE GLOBAL g_194 */
static union U1 g_196 = {0L};
static const union U3 g_197 = {0x52A6E63BL};/* VOLATILE GLOBAL g_197 */
static uint64_t g_212[3] = {0UL,0UL,0UL};
static const uint64_t g_232 = 0x321CA8D19DE4D5F4LL;


/* --- FORWARD DECLARATIONS --- */
static union U1  func_1(void);
static uint64_t  func_3(uint8_t  p_4, const int32_t  p_5, uint8_t  p_6, uint32_t  p_7, const union U2  p_8);
static union U0  func_25(uint32_t  p_26, uint32_t  p_27);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_196
 * writes:
 */
static union U1  func_1(void)
{ /* block id: 0 */
    int32_t l_9 = 0x54671013L;
    int16_t *l_14 = &g_15;
    int16_t *l_16[1][2];
    int8_t *l_18 = &g_19[2];
    const union U2 l_20[4][2] = {{{0x495E0E2BL},{0x495E0E2BL}},{{0x495E0E2BL},{0x495E0E2BL}},{{0x495E0E2BL},{0x495E0E2BL}},{{0x495E0E2BL},{0x495E0E2BL}}};
    uint64_t *l_163[1][3];
    uint32_t l_164 = 18446744073709551615UL;
    int32_t l_165 = 1L;
    uint8_t *l_167 = &g_50;
    uint32_t l_205 = 0x966BDC56L;
    uint16_t l_225 = 0xE888L;
    int16_t l_233[3];
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
            l_16[i][j] = &g_17;
    }
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
            l_163[i][j] = &g_2;
    }
    for (i = 0; i < 3; i++)
        l_233[i] = 0xDA87L;
    return g_196;
}


/* ------------------------------------------ */
/* 
 * reads : g_15 g_17 g_19 g_40 g_44 g_41 g_44.f0 g_71 g_139 g_140 g_138.f2 g_138.f0 g_157 g_158 g_2 g_138.f3
 * writes: g_41 g_140 g_19 g_71
 */
static uint64_t  func_3(uint8_t  p_4, const int32_t  p_5, uint8_t  p_6, uint32_t  p_7, const union U2  p_8)
{ /* block id: 4 */
    int16_t l_30 = 0x5B48L;
    union U1 l_39[3][2] = {{{0L},{0L}},{{0L},{0L}},{{0L},{0L}}};
    int32_t l_62 = 9L;
    int32_t l_63[4] = {0xEC8A5E72L,0xEC8A5E72L,0xEC8A5E72L,0xEC8A5E72L};
    int32_t l_81[3];
    int32_t l_83 = 1L;
    uint32_t l_92 = 5UL;
    uint64_t l_99 = 1UL;
    int32_t * const *l_102 = &g_71;
    int32_t l_107 = (-5L);
    int16_t l_129 = 1L;
    union U0 *l_137 = &g_138;
    int64_t l_161 = 3L;
    int i, j;
    for (i = 0; i < 3; i++)
        l_81[i] = (-3L);
    if ((safe_mul_func_int16_t_s_s((((safe_lshift_func_int8_t_s_u(0xFDL, (((func_25(((~(!(((l_30 == (((safe_mod_func_int8_t_s_s((((0UL ^ (safe_mod_func_uint8_t_u_u((safe_mod_func_int64_t_s_s((safe_mul_func_uint8_t_u_u((l_39[2][1] , l_30), p_4)), l_30)), 0xEAL))) <= (-1L)) >= l_30), p_4)) == g_15) || g_17)) && l_39[2][1].f0) ^ 0xBEL))) & g_19[0]), p_4) , &l_30) == &l_30) , g_41))) == g_19[2]) >= 0x87L), l_39[2][1].f0)))
    { /* block id: 9 */
        int32_t l_45 = 0L;
        int32_t l_65[4];
        int32_t *l_73 = (void*)0;
        int8_t l_82 = 0xDDL;
        int32_t l_87 = 1L;
        int8_t l_96 = 0L;
        int8_t l_98 = 0x15L;
        int32_t l_128 = 0xA50CEE03L;
        int i;
        for (i = 0; i < 4; i++)
            l_65[i] = 0x1560F218L;
    }
    else
    { /* block id: 46 */
        int32_t *l_134 = &g_41;
        int16_t l_162 = 0L;
        if (((*g_71) = ((((((&l_129 != (void*)0) , (l_134 != l_134)) == 1L) <= g_44.f0) < (**l_102)) & 65528UL)))
        { /* block id: 48 */
            for (l_62 = (-24); (l_62 > 13); ++l_62)
            { /* block id: 51 */
                int32_t ****l_142 = (void*)0;
                int32_t *****l_141 = &l_142;
                int8_t *l_152 = &g_19[3];
                l_137 = (void*)0;
                (*g_139) ^= (*l_134);
                (*l_141) = (void*)0;
                l_83 ^= ((g_138.f2 == ((*l_152) = (safe_lshift_func_int16_t_s_u((((p_5 || (safe_div_func_int16_t_s_s(g_138.f0, (safe_rshift_func_int8_t_s_s((+((safe_div_func_uint16_t_u_u(p_7, (**l_102))) ^ 0x5FL)), 5))))) , (**l_102)) | g_138.f0), 13)))) , p_6);
            }
        }
        else
        { /* block id: 58 */
            int32_t * const l_153 = (void*)0;
            int32_t **l_155[3];
            int32_t **l_156 = (void*)0;
            int8_t *l_159 = &g_19[1];
            uint64_t *l_160[4];
            int i;
            for (i = 0; i < 3; i++)
                l_155[i] = &l_134;
            for (i = 0; i < 4; i++)
                l_160[i] = &g_2;
            (*g_157) = l_153;
            l_134 = g_158;
            l_162 &= (l_161 = (0x23DAL && ((g_15 < ((((*l_134) = ((l_159 == ((g_2 != p_6) , (void*)0)) <= 5UL)) <= g_138.f2) > 0xB5A596C84EBD323ELL)) , g_138.f3)));
        }
        (*g_158) = 3L;
    }
    return p_6;
}


/* ------------------------------------------ */
/* 
 * reads : g_40 g_44
 * writes: g_41
 */
static union U0  func_25(uint32_t  p_26, uint32_t  p_27)
{ /* block id: 5 */
    int32_t * volatile l_43 = (void*)0;/* VOLATILE GLOBAL l_43 */
    l_43 = g_40;
    (*l_43) = (&l_43 != &l_43);
    return g_44;
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int i, j;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    transparent_crc(g_2, "g_2", print_hash_value);
    transparent_crc(g_15, "g_15", print_hash_value);
    transparent_crc(g_17, "g_17", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_19[i], "g_19[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_41, "g_41", print_hash_value);
    transparent_crc(g_44.f0, "g_44.f0", print_hash_value);
    transparent_crc(g_44.f1, "g_44.f1", print_hash_value);
    transparent_crc(g_44.f2, "g_44.f2", print_hash_value);
    transparent_crc(g_44.f3, "g_44.f3", print_hash_value);
    transparent_crc(g_50, "g_50", print_hash_value);
    transparent_crc(g_97, "g_97", print_hash_value);
    transparent_crc(g_138.f0, "g_138.f0", print_hash_value);
    transparent_crc(g_138.f1, "g_138.f1", print_hash_value);
    transparent_crc(g_138.f2, "g_138.f2", print_hash_value);
    transparent_crc(g_138.f3, "g_138.f3", print_hash_value);
    transparent_crc(g_140, "g_140", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_166[i][j], "g_166[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_188[i][j].f0, "g_188[i][j].f0", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_196.f0, "g_196.f0", print_hash_value);
    transparent_crc(g_197.f0, "g_197.f0", print_hash_value);
    transparent_crc(g_197.f2, "g_197.f2", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_212[i], "g_212[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_232, "g_232", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 69
XXX total union variables: 7

XXX non-zero bitfields defined in structs: 1
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 3
breakdown:
   indirect level: 0, occurrence: 3
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 0
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 4
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 3

XXX max expression depth: 24
breakdown:
   depth: 1, occurrence: 20
   depth: 2, occurrence: 2
   depth: 9, occurrence: 1
   depth: 12, occurrence: 2
   depth: 24, occurrence: 1

XXX total number of pointers: 65

XXX times a variable address is taken: 67
XXX times a pointer is dereferenced on RHS: 11
breakdown:
   depth: 1, occurrence: 6
   depth: 2, occurrence: 5
XXX times a pointer is dereferenced on LHS: 36
breakdown:
   depth: 1, occurrence: 35
   depth: 2, occurrence: 1
XXX times a pointer is compared with null: 2
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 2
XXX times a pointer is qualified to be dereferenced: 1603

XXX max dereference level: 5
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 68
   level: 2, occurrence: 16
   level: 3, occurrence: 1
   level: 4, occurrence: 0
   level: 5, occurrence: 1
XXX number of pointers point to pointers: 20
XXX number of pointers point to scalars: 42
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 24.6
XXX average alias set size: 1.15

XXX times a non-volatile is read: 130
XXX times a non-volatile is write: 96
XXX times a volatile is read: 10
XXX    times read thru a pointer: 0
XXX times a volatile is write: 5
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 1.52e+03
XXX percentage of non-volatile access: 93.8

XXX forward jumps: 0
XXX backward jumps: 3

XXX stmts: 16
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 6
   depth: 1, occurrence: 2
   depth: 2, occurrence: 4
   depth: 3, occurrence: 4

XXX percentage a fresh-made variable is used: 14.4
XXX percentage an existing variable is used: 85.6
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

