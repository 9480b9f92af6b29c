/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 18 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_18.c
 * Seed:      18
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
#pragma pack(push)
#pragma pack(1)
struct S0 {
   int32_t  f0;
   volatile int32_t  f1;
};
#pragma pack(pop)

#pragma pack(push)
#pragma pack(1)
struct S1 {
   unsigned f0 : 14;
   signed f1 : 15;
};
#pragma pack(pop)

struct S2 {
   const signed f0 : 17;
   const unsigned f1 : 25;
};

#pragma pack(push)
#pragma pack(1)
struct S3 {
   const struct S0  f0;
   volatile signed f1 : 18;
};
#pragma pack(pop)

/* --- GLOBAL VARIABLES --- */
static int32_t g_3[3] = {0x59951EA6L,0x59951EA6L,0x59951EA6L};
static volatile struct S3 g_14 = {{0x2184E5A9L,0L},139};/* VOLATILE GLOBAL g_14 */
static int32_t g_17 = 0x9919C44DL;
static int32_t ** volatile g_18 = (void*)0;/* VOLATILE GLOBAL g_18 */
static int32_t *g_20 = (void*)0;
static int32_t ** const  volatile g_19 = &g_20;/* VOLATILE GLOBAL g_19 */
static struct S1 g_31 = {57,94};
static int32_t g_36 = (-3L);
static int64_t g_54 = 0x2A9564FCBDFAC86ELL;
static int64_t g_59[2] = {(-10L),(-10L)};
static uint8_t g_61[2] = {249UL,249UL};
static int32_t * volatile g_62 = &g_36;/* VOLATILE GLOBAL g_62 */
static volatile struct S3 *g_72[2][4] = {{&g_14,&g_14,&g_14,&g_14},{&g_14,&g_14,&g_14,&g_14}};
static volatile struct S3 * volatile *g_71 = &g_72[1][0];
static volatile struct S3 * volatile **g_70[4] = {&g_71,&g_71,&g_71,&g_71};
static int32_t ** volatile g_74 = &g_20;/* VOLATILE GLOBAL g_74 */
static const struct S0 g_76 = {0x4D88F402L,0xD70F0D5DL};/* VOLATILE GLOBAL g_76 */
static struct S0 g_79 = {0x7F3D9679L,-1L};/* VOLATILE GLOBAL g_79 */
static const struct S0 *g_78 = &g_79;
static int32_t **g_89 = &g_20;
static struct S3 g_95[2][4] = {{{{0x3FEA9440L,0x8BD6B81CL},503},{{0x5EB5CE3AL,-1L},-422},{{0x3FEA9440L,0x8BD6B81CL},503},{{0x5EB5CE3AL,-1L},-422}},{{{0x3FEA9440L,0x8BD6B81CL},503},{{0x5EB5CE3AL,-1L},-422},{{0x3FEA9440L,0x8BD6B81CL},503},{{0x5EB5CE3AL,-1L},-422}}};
static struct S2 g_123 = {187,2549};


/* --- FORWARD DECLARATIONS --- */
static struct S2  func_1(void);
static int64_t  func_6(int32_t * const  p_7, int32_t * p_8);
static int32_t * func_9(int64_t  p_10, int64_t  p_11, int16_t  p_12, int32_t * p_13);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_3 g_14 g_17 g_19 g_54 g_20 g_31.f1 g_36 g_61 g_62 g_70 g_74 g_31.f0 g_95.f1 g_31 g_76.f0 g_95.f0.f0 g_123
 * writes: g_3 g_17 g_20 g_36 g_59 g_61 g_78 g_89 g_54
 */
static struct S2  func_1(void)
{ /* block id: 0 */
    int32_t *l_2 = &g_3[2];
    struct S1 * const l_30 = &g_31;
    struct S1 *l_33[1];
    struct S1 **l_32 = &l_33[0];
    struct S2 l_66 = {188,4854};
    int32_t * const l_67[1] = {&g_3[2]};
    struct S3 *l_97 = &g_95[1][2];
    struct S3 **l_96 = &l_97;
    uint32_t l_120 = 0xBAECA1BBL;
    int i;
    for (i = 0; i < 1; i++)
        l_33[i] = &g_31;
    (*l_2) = 2L;
    (*l_2) = (safe_sub_func_uint64_t_u_u((func_6(((*l_2) , (void*)0), func_9((*l_2), (*l_2), (*l_2), &g_3[2])) || g_14.f0.f0), g_3[2]));
    (*l_32) = l_30;
    for (g_17 = 0; (g_17 > 0); ++g_17)
    { /* block id: 14 */
        uint32_t l_55[4][3] = {{7UL,7UL,7UL},{4294967295UL,4294967295UL,4294967295UL},{7UL,7UL,7UL},{4294967295UL,4294967295UL,4294967295UL}};
        int64_t l_56[4];
        int64_t *l_58 = &g_59[0];
        uint8_t *l_60 = &g_61[1];
        volatile struct S3 * volatile **l_73[1][3];
        const struct S0 *l_75[2];
        int8_t l_108 = 0xF8L;
        int32_t l_109 = 0xC0726272L;
        int32_t l_110 = 0xAB448763L;
        int32_t l_111 = (-1L);
        int32_t l_112[4][1];
        uint64_t l_113 = 18446744073709551615UL;
        uint64_t l_117 = 8UL;
        int i, j;
        for (i = 0; i < 4; i++)
            l_56[i] = 0x735CA718BA309CE0LL;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 3; j++)
                l_73[i][j] = (void*)0;
        }
        for (i = 0; i < 2; i++)
            l_75[i] = &g_76;
        for (i = 0; i < 4; i++)
        {
            for (j = 0; j < 1; j++)
                l_112[i][j] = 0x848F550CL;
        }
        for (g_36 = 0; (g_36 > (-30)); --g_36)
        { /* block id: 17 */
            struct S2 l_39 = {61,4717};
            return l_39;
        }
        (*g_62) = ((((safe_lshift_func_uint16_t_u_s((~(safe_sub_func_int64_t_s_s((safe_mul_func_int16_t_s_s(((safe_add_func_uint16_t_u_u((safe_add_func_int16_t_s_s((safe_lshift_func_uint8_t_u_u(((*l_60) = (safe_unary_minus_func_int8_t_s(((((*g_20) = ((l_55[2][0] |= g_54) & l_56[0])) , l_55[3][1]) < ((*l_58) = (safe_unary_minus_func_int16_t_s(g_14.f0.f1))))))), g_31.f1)), l_56[0])), g_36)) , g_61[1]), g_31.f1)), 0x13BCE866CA241E22LL))), 9)) ^ 8L) || 0x49E8EE08L) ^ 0xEBA4L);
        if ((l_56[0] >= 0x46B77D86L))
        { /* block id: 25 */
            int32_t **l_65 = &l_2;
            if ((safe_mod_func_uint8_t_u_u((((*l_65) = l_2) == (l_66 , l_67[0])), (safe_lshift_func_uint16_t_u_s(0x96DEL, 0)))))
            { /* block id: 27 */
                l_73[0][0] = g_70[0];
            }
            else
            { /* block id: 29 */
                const struct S0 **l_77[1];
                int i;
                for (i = 0; i < 1; i++)
                    l_77[i] = &l_75[1];
                (*g_74) = l_67[0];
                (*l_65) = (*g_74);
                g_78 = l_75[1];
            }
            if (l_55[2][0])
                continue;
        }
        else
        { /* block id: 35 */
            int32_t **l_88 = (void*)0;
            int32_t ***l_87[4][4];
            struct S3 *l_94 = &g_95[1][2];
            struct S3 **l_93 = &l_94;
            int32_t l_116 = (-1L);
            int i, j;
            for (i = 0; i < 4; i++)
            {
                for (j = 0; j < 4; j++)
                    l_87[i][j] = &l_88;
            }
            (*g_20) = ((safe_add_func_int8_t_s_s((safe_div_func_int16_t_s_s((~(safe_sub_func_uint8_t_u_u(g_31.f0, ((&l_67[0] != (g_89 = &g_20)) != (safe_mod_func_int32_t_s_s((safe_unary_minus_func_uint64_t_u((l_93 != l_96))), 4294967293UL)))))), 0xD326L)), g_54)) ^ 246UL);
            for (g_54 = 29; (g_54 > 3); g_54--)
            { /* block id: 40 */
                int32_t ***l_104 = (void*)0;
                uint32_t *l_105 = &l_55[2][0];
                int8_t l_106 = 0x02L;
                int32_t l_107[4][3] = {{0x7E6E873FL,0x7E6E873FL,4L},{0x2BE7AC75L,0x2BE7AC75L,0xF895E344L},{5L,5L,0x7E6E873FL},{(-1L),(-1L),0x2BE7AC75L}};
                int i, j;
                (*l_2) = ((safe_add_func_uint32_t_u_u((((*l_105) = (g_95[1][2].f1 | (0L || (((*l_30) , l_104) == &g_89)))) <= g_76.f0), 0xD50A455CL)) || g_95[1][2].f0.f0);
                ++l_113;
                --l_117;
                (*l_2) = l_120;
            }
            for (l_111 = 0; (l_111 >= (-20)); l_111 = safe_sub_func_uint64_t_u_u(l_111, 8))
            { /* block id: 49 */
                return g_123;
            }
            if (l_112[1][0])
                continue;
        }
    }
    return g_123;
}


/* ------------------------------------------ */
/* 
 * reads : g_19 g_14.f0.f1 g_3
 * writes: g_20
 */
static int64_t  func_6(int32_t * const  p_7, int32_t * p_8)
{ /* block id: 5 */
    uint32_t l_21 = 0xE072305AL;
    int32_t l_26 = (-10L);
    int64_t l_27[4][4] = {{(-9L),(-10L),(-10L),(-9L)},{(-9L),(-10L),(-10L),(-9L)},{(-9L),(-10L),(-10L),(-9L)},{(-9L),(-10L),(-10L),(-9L)}};
    struct S3 *l_28 = (void*)0;
    struct S3 **l_29 = &l_28;
    int i, j;
    (*g_19) = p_8;
    l_27[2][1] |= ((l_21 > g_14.f0.f1) & (((safe_lshift_func_int8_t_s_s((((-9L) < ((0xE487L < g_3[1]) >= l_26)) & 6L), l_26)) , l_21) < l_26));
    (*l_29) = l_28;
    return g_14.f0.f1;
}


/* ------------------------------------------ */
/* 
 * reads : g_14 g_17
 * writes: g_17
 */
static int32_t * func_9(int64_t  p_10, int64_t  p_11, int16_t  p_12, int32_t * p_13)
{ /* block id: 2 */
    struct S1 l_15 = {22,44};
    int32_t *l_16[3][3] = {{&g_17,&g_17,&g_17},{&g_3[2],(void*)0,&g_3[2]},{&g_17,&g_17,&g_17}};
    int i, j;
    g_17 &= (((-6L) || ((g_14 , &g_3[0]) == (l_15 , p_13))) , l_15.f0);
    return &g_3[2];
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
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_3[i], "g_3[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_14.f0.f0, "g_14.f0.f0", print_hash_value);
    transparent_crc(g_14.f0.f1, "g_14.f0.f1", print_hash_value);
    transparent_crc(g_14.f1, "g_14.f1", print_hash_value);
    transparent_crc(g_17, "g_17", print_hash_value);
    transparent_crc(g_31.f0, "g_31.f0", print_hash_value);
    transparent_crc(g_31.f1, "g_31.f1", print_hash_value);
    transparent_crc(g_36, "g_36", print_hash_value);
    transparent_crc(g_54, "g_54", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        transparent_crc(g_59[i], "g_59[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    for (i = 0; i < 2; i++)
    {
        transparent_crc(g_61[i], "g_61[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_76.f0, "g_76.f0", print_hash_value);
    transparent_crc(g_76.f1, "g_76.f1", print_hash_value);
    transparent_crc(g_79.f0, "g_79.f0", print_hash_value);
    transparent_crc(g_79.f1, "g_79.f1", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_95[i][j].f0.f0, "g_95[i][j].f0.f0", print_hash_value);
            transparent_crc(g_95[i][j].f0.f1, "g_95[i][j].f0.f1", print_hash_value);
            transparent_crc(g_95[i][j].f1, "g_95[i][j].f1", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_123.f0, "g_123.f0", print_hash_value);
    transparent_crc(g_123.f1, "g_123.f1", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 2
breakdown:
   depth: 0, occurrence: 28
   depth: 1, occurrence: 4
   depth: 2, occurrence: 1
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 5
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 2
XXX volatile bitfields defined in structs: 1
XXX structs with bitfields in the program: 11
breakdown:
   indirect level: 0, occurrence: 5
   indirect level: 1, occurrence: 2
   indirect level: 2, occurrence: 2
   indirect level: 3, occurrence: 2
XXX full-bitfields structs in the program: 4
breakdown:
   indirect level: 0, occurrence: 4
XXX times a bitfields struct's address is taken: 5
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 6
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 5

XXX max expression depth: 18
breakdown:
   depth: 1, occurrence: 35
   depth: 2, occurrence: 5
   depth: 6, occurrence: 2
   depth: 9, occurrence: 1
   depth: 10, occurrence: 3
   depth: 18, occurrence: 1

XXX total number of pointers: 36

XXX times a variable address is taken: 34
XXX times a pointer is dereferenced on RHS: 6
breakdown:
   depth: 1, occurrence: 6
XXX times a pointer is dereferenced on LHS: 16
breakdown:
   depth: 1, occurrence: 16
XXX times a pointer is compared with null: 0
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 292

XXX max dereference level: 1
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 42
XXX number of pointers point to pointers: 16
XXX number of pointers point to scalars: 12
XXX number of pointers point to structs: 8
XXX percent of pointers has null in alias set: 22.2
XXX average alias set size: 1.14

XXX times a non-volatile is read: 60
XXX times a non-volatile is write: 41
XXX times a volatile is read: 7
XXX    times read thru a pointer: 0
XXX times a volatile is write: 3
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 264
XXX percentage of non-volatile access: 91

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 30
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 11
   depth: 1, occurrence: 3
   depth: 2, occurrence: 7
   depth: 3, occurrence: 9

XXX percentage a fresh-made variable is used: 24.6
XXX percentage an existing variable is used: 75.4
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

