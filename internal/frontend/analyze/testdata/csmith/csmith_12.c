/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 12 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_12.c
 * Seed:      12
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
union U0 {
   signed f0 : 20;
   uint64_t  f1;
};

union U1 {
   volatile int16_t  f0;
   int32_t  f1;
   const uint16_t  f2;
   int16_t  f3;
   int16_t  f4;
};

/* --- GLOBAL VARIABLES --- */
static int32_t g_3 = 6L;
static int32_t g_4 = 1L;
static volatile union U1 g_15[4] = {{0x657EL},{0x657EL},{0x657EL},{0x657EL}};
static volatile int32_t g_29 = 0L;/* VOLATILE GLOBAL g_29 */
static volatile int32_t * volatile g_28 = &g_29;/* VOLATILE GLOBAL g_28 */
static int32_t *g_38 = &g_3;
static int32_t **g_37[4][2] = {{&g_38,&g_38},{&g_38,&g_38},{&g_38,&g_38},{&g_38,&g_38}};
static int32_t *** volatile g_36 = &g_37[1][0];/* VOLATILE GLOBAL g_36 */
static int16_t g_41[2][2] = {{0x867FL,0x867FL},{0x867FL,0x867FL}};
static volatile union U1 g_44 = {0x7BAAL};/* VOLATILE GLOBAL g_44 */
static int8_t g_57 = 0L;
static int32_t g_58[4] = {(-1L),(-1L),(-1L),(-1L)};
static int32_t g_93 = 1L;
static uint16_t g_109 = 65535UL;
static union U0 g_115 = {-3L};
static union U0 *g_119[3] = {&g_115,&g_115,&g_115};
static union U0 ** volatile g_118 = &g_119[0];/* VOLATILE GLOBAL g_118 */
static volatile union U1 g_194 = {2L};/* VOLATILE GLOBAL g_194 */
static volatile union U1 *g_193[1][4] = {{&g_15[1],&g_15[1],&g_15[1],&g_15[1]}};


/* --- FORWARD DECLARATIONS --- */
static uint32_t  func_1(void);
static int8_t  func_8(union U0  p_9, uint64_t  p_10);
static union U0  func_11(int8_t  p_12, int32_t  p_13, uint16_t  p_14);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_3 g_4 g_194.f0
 * writes: g_3 g_4
 */
static uint32_t  func_1(void)
{ /* block id: 0 */
    int8_t l_2[3][4] = {{2L,2L,2L,2L},{2L,2L,2L,2L},{2L,2L,2L,2L}};
    int32_t l_17[4][1];
    int64_t l_184 = (-3L);
    uint8_t l_186 = 0xA0L;
    int i, j;
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 1; j++)
            l_17[i][j] = 0x270F9E3DL;
    }
    for (g_3 = 0; (g_3 <= 2); g_3 += 1)
    { /* block id: 3 */
        int64_t l_7 = 0L;
        int32_t *l_16[4][4] = {{&g_4,(void*)0,&g_4,&g_4},{(void*)0,(void*)0,&g_4,&g_4},{&g_4,&g_4,&g_4,&g_4},{&g_4,&g_4,&g_4,&g_4}};
        int16_t *l_177 = &g_41[0][0];
        union U0 **l_181[3][4];
        union U0 ***l_180 = &l_181[1][1];
        uint16_t l_195 = 0x247EL;
        int i, j;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 4; j++)
                l_181[i][j] = &g_119[1];
        }
        for (g_4 = 0; (g_4 <= 2); g_4 += 1)
        { /* block id: 6 */
            int i, j;
            if (l_2[g_4][g_4])
                break;
        }
        if (g_3)
            break;
    }
    return g_194.f0;
}


/* ------------------------------------------ */
/* 
 * reads :
 * writes:
 */
static int8_t  func_8(union U0  p_9, uint64_t  p_10)
{ /* block id: 67 */
    uint64_t l_176 = 0x674906479404D511LL;
    return l_176;
}


/* ------------------------------------------ */
/* 
 * reads : g_15.f3 g_3 g_36 g_44 g_57 g_15.f4 g_58 g_4 g_109 g_118 g_37 g_115.f0 g_93 g_15.f2 g_41
 * writes: g_28 g_37 g_41 g_57 g_58 g_4 g_93 g_109 g_119
 */
static union U0  func_11(int8_t  p_12, int32_t  p_13, uint16_t  p_14)
{ /* block id: 11 */
    int32_t *l_35 = &g_3;
    int32_t **l_34 = &l_35;
    int32_t l_72 = 0x1A659E80L;
    int32_t l_75 = 0xFDF2DC13L;
    int32_t l_76 = 5L;
    int32_t l_77 = 1L;
    int32_t l_78 = 0L;
    int32_t l_79 = 0x1715C743L;
    int32_t l_80[2];
    union U0 l_127 = {0x52832AB4L};
    union U0 **l_129[4][1] = {{&g_119[2]},{&g_119[0]},{&g_119[2]},{&g_119[0]}};
    union U0 l_175 = {4L};
    int i, j;
    for (i = 0; i < 2; i++)
        l_80[i] = 4L;
    g_28 = ((safe_rshift_func_int16_t_s_s(g_15[3].f3, ((-5L) < (safe_sub_func_uint64_t_u_u(g_3, (&g_3 == &p_13)))))) , (void*)0);
    for (p_13 = 0; (p_13 >= 16); ++p_13)
    { /* block id: 15 */
        const int32_t ***l_55[3];
        int32_t l_71 = 0xAD41D664L;
        int32_t l_73 = 0x52D5F2ABL;
        int32_t l_74[2][4] = {{(-3L),0x8F974433L,0x8F974433L,(-3L)},{0x8F974433L,(-3L),0x8F974433L,0x8F974433L}};
        int32_t l_81[3][4] = {{0x6105BDF1L,0x44ED4C97L,0x44ED4C97L,0x6105BDF1L},{0x5926F2DCL,0x44ED4C97L,(-1L),0x44ED4C97L},{0x44ED4C97L,0L,(-1L),(-1L)}};
        int32_t l_106 = (-1L);
        int8_t *l_128 = &g_57;
        int32_t *l_130[4];
        int8_t l_131[2][1];
        int8_t l_132 = 6L;
        int i, j;
        for (i = 0; i < 3; i++)
            l_55[i] = (void*)0;
        for (i = 0; i < 4; i++)
            l_130[i] = &l_74[1][1];
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 1; j++)
                l_131[i][j] = 0xBCL;
        }
        for (p_14 = (-13); (p_14 < 8); p_14 = safe_add_func_uint8_t_u_u(p_14, 4))
        { /* block id: 18 */
            int32_t l_39[2];
            int16_t *l_40[4] = {&g_41[0][0],&g_41[0][0],&g_41[0][0],&g_41[0][0]};
            int8_t *l_56[3];
            int32_t *l_59 = &g_4;
            const int32_t ***l_64 = (void*)0;
            const int32_t ****l_65 = &l_55[0];
            int32_t l_82 = 0x1FC1B3DFL;
            int64_t l_83 = 0L;
            uint32_t l_103 = 0xA51A4853L;
            int32_t l_107 = 0xAC008CE3L;
            int32_t l_108 = 0x55A95E6AL;
            union U0 *l_114 = &g_115;
            int i;
            for (i = 0; i < 2; i++)
                l_39[i] = 0xECB2EC6FL;
            for (i = 0; i < 3; i++)
                l_56[i] = &g_57;
            (*g_36) = l_34;
            (*l_59) ^= ((g_41[0][0] = l_39[0]) > ((safe_sub_func_uint8_t_u_u((g_44 , (safe_mul_func_int8_t_s_s((g_58[0] &= ((((safe_mul_func_uint8_t_u_u((**l_34), (g_57 ^= (safe_sub_func_int8_t_s_s((safe_div_func_uint8_t_u_u((safe_rshift_func_int16_t_s_u((l_55[0] != (void*)0), 4)), (*l_35))), l_39[0]))))) , g_15[3].f4) || p_12) , (-1L))), p_12))), g_3)) , 2UL));
            if ((((safe_mul_func_uint8_t_u_u(((safe_add_func_int64_t_s_s(p_12, (((((**l_34) , ((*l_65) = l_64)) == &g_37[0][1]) , &g_57) != &g_57))) , 0UL), 0x61L)) || 0x2FA57A88L) , p_12))
            { /* block id: 25 */
                int32_t *l_66 = &l_39[0];
                int32_t *l_67 = &g_4;
                int32_t *l_68 = &g_4;
                int32_t *l_69 = &l_39[0];
                int32_t *l_70[1][4] = {{&g_3,&g_3,&g_3,&g_3}};
                uint64_t l_84 = 1UL;
                int i, j;
                --l_84;
                l_68 = &p_13;
            }
            else
            { /* block id: 28 */
                uint8_t l_87 = 0UL;
                int32_t * const l_92 = &g_93;
                int32_t * const *l_91 = &l_92;
                int32_t * const **l_90 = &l_91;
                int32_t *l_94 = &l_79;
                int32_t *l_95 = &l_81[1][2];
                int32_t *l_96 = &l_81[1][0];
                int32_t *l_97 = (void*)0;
                int32_t *l_98 = &g_93;
                int32_t *l_99 = &l_75;
                int32_t *l_100 = (void*)0;
                int32_t *l_101 = &l_81[0][2];
                int32_t *l_102[3][1];
                int i, j;
                for (i = 0; i < 3; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_102[i][j] = &g_4;
                }
                --l_87;
                (*l_92) = (g_57 > (((*l_90) = &l_59) == &l_35));
                ++l_103;
                ++g_109;
            }
            for (l_71 = 0; (l_71 >= (-21)); l_71 = safe_sub_func_int16_t_s_s(l_71, 1))
            { /* block id: 37 */
                union U0 **l_116 = (void*)0;
                union U0 **l_117 = (void*)0;
                union U0 ***l_122 = &l_116;
                (*g_118) = l_114;
                (*l_59) ^= (((((*l_122) = l_117) != (void*)0) == p_13) | ((~0xFEL) > 7L));
            }
        }
        l_131[0][0] = ((((((~((0x41E0B0FEL && ((*g_36) != (void*)0)) & ((((*l_128) = (l_127 , g_115.f0)) == g_93) ^ g_58[1]))) , g_15[3].f2) , l_129[2][0]) != (void*)0) && g_15[3].f2) && g_3);
        l_80[0] = l_132;
    }
    if ((p_13 && (+(~(safe_mul_func_int8_t_s_s((safe_mul_func_int16_t_s_s(0x17BBL, ((0x49BCL || 0x01B5L) != 1UL))), 255UL))))))
    { /* block id: 47 */
        union U0 l_139 = {-1L};
        return l_139;
    }
    else
    { /* block id: 49 */
        const uint64_t l_147 = 1UL;
        int32_t l_148[4][1] = {{(-8L)},{0xC1157035L},{(-8L)},{0xC1157035L}};
        uint8_t l_157 = 0UL;
        int64_t l_165[3][1];
        int32_t *l_166 = (void*)0;
        int32_t *l_167 = &g_93;
        int32_t *l_168 = &l_80[0];
        int32_t *l_169 = &l_80[0];
        int32_t *l_170 = &l_76;
        int32_t *l_171[1];
        uint32_t l_172 = 0x5137F1E0L;
        int i, j;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 1; j++)
                l_165[i][j] = 0L;
        }
        for (i = 0; i < 1; i++)
            l_171[i] = &l_78;
        l_148[2][0] |= (((g_41[0][0] , (safe_rshift_func_int16_t_s_u(g_41[0][0], 15))) == (((safe_sub_func_uint64_t_u_u((safe_mul_func_int8_t_s_s(1L, (safe_unary_minus_func_int16_t_s(l_147)))), p_13)) , p_14) <= g_57)) >= g_58[0]);
        for (l_127.f1 = 0; (l_127.f1 <= 1); l_127.f1 += 1)
        { /* block id: 53 */
            union U0 ***l_150[4] = {&l_129[2][0],&l_129[2][0],&l_129[2][0],&l_129[2][0]};
            union U0 ****l_149 = &l_150[3];
            int32_t *l_151 = &l_72;
            int32_t *l_152 = &l_79;
            int32_t *l_153 = &l_80[l_127.f1];
            int32_t *l_154 = &l_80[l_127.f1];
            int32_t *l_155 = &l_76;
            int32_t *l_156[3];
            int i;
            for (i = 0; i < 3; i++)
                l_156[i] = &l_148[2][0];
            l_149 = l_149;
            --l_157;
            for (l_76 = 0; (l_76 <= 1); l_76 += 1)
            { /* block id: 58 */
                int16_t l_160 = 0x9F0EL;
                (*l_153) &= (**l_34);
                (*l_154) = ((*l_152) &= ((l_160 > (0x150271E2L < ((safe_add_func_uint8_t_u_u(((safe_mul_func_int16_t_s_s((*l_153), (l_148[2][0] > g_93))) , g_57), 0x1EL)) < l_165[1][0]))) , l_165[1][0]));
            }
        }
        l_172++;
    }
    return l_175;
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
    transparent_crc(g_3, "g_3", print_hash_value);
    transparent_crc(g_4, "g_4", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_15[i].f0, "g_15[i].f0", print_hash_value);
        transparent_crc(g_15[i].f2, "g_15[i].f2", print_hash_value);
        transparent_crc(g_15[i].f3, "g_15[i].f3", print_hash_value);
        transparent_crc(g_15[i].f4, "g_15[i].f4", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_29, "g_29", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_41[i][j], "g_41[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_44.f0, "g_44.f0", print_hash_value);
    transparent_crc(g_44.f2, "g_44.f2", print_hash_value);
    transparent_crc(g_44.f3, "g_44.f3", print_hash_value);
    transparent_crc(g_44.f4, "g_44.f4", print_hash_value);
    transparent_crc(g_57, "g_57", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_58[i], "g_58[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_93, "g_93", print_hash_value);
    transparent_crc(g_109, "g_109", print_hash_value);
    transparent_crc(g_115.f0, "g_115.f0", print_hash_value);
    transparent_crc(g_194.f0, "g_194.f0", print_hash_value);
    transparent_crc(g_194.f2, "g_194.f2", print_hash_value);
    transparent_crc(g_194.f3, "g_194.f3", print_hash_value);
    transparent_crc(g_194.f4, "g_194.f4", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 55
XXX total union variables: 6

XXX non-zero bitfields defined in structs: 1
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 8
breakdown:
   indirect level: 0, occurrence: 4
   indirect level: 1, occurrence: 1
   indirect level: 2, occurrence: 1
   indirect level: 3, occurrence: 1
   indirect level: 4, occurrence: 1
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 2
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 4
XXX times a single bitfield on LHS: 1
XXX times a single bitfield on RHS: 1

XXX max expression depth: 17
breakdown:
   depth: 1, occurrence: 37
   depth: 2, occurrence: 7
   depth: 4, occurrence: 1
   depth: 6, occurrence: 3
   depth: 9, occurrence: 1
   depth: 10, occurrence: 1
   depth: 11, occurrence: 1
   depth: 13, occurrence: 1
   depth: 17, occurrence: 1

XXX total number of pointers: 59

XXX times a variable address is taken: 71
XXX times a pointer is dereferenced on RHS: 6
breakdown:
   depth: 1, occurrence: 3
   depth: 2, occurrence: 3
XXX times a pointer is dereferenced on LHS: 14
breakdown:
   depth: 1, occurrence: 13
   depth: 2, occurrence: 0
   depth: 3, occurrence: 1
XXX times a pointer is compared with null: 2
XXX times a pointer is compared with address of another variable: 1
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 1703

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 52
   level: 2, occurrence: 12
   level: 3, occurrence: 5
   level: 4, occurrence: 1
XXX number of pointers point to pointers: 18
XXX number of pointers point to scalars: 37
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 16.9
XXX average alias set size: 1.15

XXX times a non-volatile is read: 89
XXX times a non-volatile is write: 61
XXX times a volatile is read: 10
XXX    times read thru a pointer: 0
XXX times a volatile is write: 3
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 203
XXX percentage of non-volatile access: 92

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 34
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 7
   depth: 1, occurrence: 9
   depth: 2, occurrence: 8
   depth: 3, occurrence: 10

XXX percentage a fresh-made variable is used: 12
XXX percentage an existing variable is used: 88
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

