/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 1 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_1.c
 * Seed:      1
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static int32_t g_2 = 6L;
static int32_t g_6 = 9L;
static int32_t g_25 = 0xA44198D7L;
static int32_t g_30 = 0x4981C586L;
static const int32_t g_37 = 9L;
static volatile int16_t * volatile g_47 = (void*)0;/* VOLATILE GLOBAL g_47 */
static uint32_t g_52 = 0x5481F04FL;
static int32_t *g_54 = &g_25;
static int32_t ** volatile g_53 = &g_54;/* VOLATILE GLOBAL g_53 */
static uint64_t g_61 = 18446744073709551615UL;
static uint16_t g_65 = 65535UL;
static uint16_t *g_86[1] = {&g_65};
static uint32_t g_94 = 4UL;
static int64_t g_100 = (-6L);
static int32_t g_101 = 0x64424CFBL;
static volatile int32_t g_103 = 0x06703C07L;/* VOLATILE GLOBAL g_103 */
static int8_t g_104 = 0xC4L;
static volatile uint16_t g_108 = 65535UL;/* VOLATILE GLOBAL g_108 */
static int32_t * volatile g_150 = &g_25;/* VOLATILE GLOBAL g_150 */
static volatile int32_t g_160 = 0xD4CA5243L;/* VOLATILE GLOBAL g_160 */
static uint16_t g_161 = 0x2E7EL;
static volatile uint8_t g_165 = 255UL;/* VOLATILE GLOBAL g_165 */
static int32_t * volatile g_184[4][3] = {{&g_2,&g_2,&g_2},{&g_25,&g_25,&g_25},{&g_2,&g_2,&g_2},{&g_25,&g_25,&g_25}};
static int32_t g_199 = (-3L);


/* --- FORWARD DECLARATIONS --- */
static uint32_t  func_1(void);
static int16_t  func_9(int16_t  p_10);
static int32_t  func_13(uint64_t  p_14, int32_t  p_15, int8_t  p_16, int16_t  p_17);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_2 g_6 g_25 g_47 g_52 g_53 g_54 g_61 g_94 g_108 g_30 g_103 g_100 g_150 g_161 g_165 g_160 g_86 g_101 g_199
 * writes: g_2 g_6 g_25 g_52 g_54 g_61 g_65 g_86 g_94 g_108 g_103 g_161 g_165 g_199
 */
static uint32_t  func_1(void)
{ /* block id: 0 */
    int8_t l_5 = 0xF4L;
    for (g_2 = 0; (g_2 > 6); g_2 = safe_add_func_int32_t_s_s(g_2, 4))
    { /* block id: 3 */
        int64_t l_197 = 0x5E50017F8393538FLL;
        int32_t *l_198 = &g_199;
        g_6 = l_5;
        (*l_198) |= (safe_add_func_int16_t_s_s(func_9(g_2), ((safe_sub_func_int16_t_s_s((((safe_add_func_uint64_t_u_u((safe_mod_func_int64_t_s_s((+(safe_rshift_func_int8_t_s_u((safe_div_func_int32_t_s_s((g_30 | ((g_30 != g_30) == 4L)), 4294967293UL)), l_197))), 0xACFE0E7167807596LL)), g_101)) && g_2) , (-5L)), g_30)) && 65535UL)));
    }
    return l_5;
}


/* ------------------------------------------ */
/* 
 * reads : g_6 g_25 g_2 g_47 g_52 g_53 g_54 g_61 g_94 g_108 g_30 g_103 g_100 g_150 g_161 g_165 g_160 g_86
 * writes: g_6 g_25 g_52 g_54 g_61 g_65 g_86 g_94 g_108 g_103 g_161 g_165
 */
static int16_t  func_9(int16_t  p_10)
{ /* block id: 5 */
    const int8_t l_22 = (-3L);
    int32_t l_57 = 0x8DB5841EL;
    int32_t *l_83 = (void*)0;
    uint16_t *l_85[2][1];
    int32_t l_107 = 0x92F2EE52L;
    int32_t l_129 = 0x62EE7B9AL;
    int32_t l_156 = (-1L);
    int32_t l_158[4][2] = {{0x6D909455L,0x6D909455L},{0x6D909455L,0x6D909455L},{0x6D909455L,0x6D909455L},{0x6D909455L,0x6D909455L}};
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_85[i][j] = &g_65;
    }
    for (g_6 = (-20); (g_6 <= (-13)); g_6++)
    { /* block id: 8 */
        int8_t l_23 = 0x2DL;
        uint64_t l_31[2][4] = {{3UL,3UL,3UL,3UL},{3UL,3UL,3UL,3UL}};
        int32_t * const l_35 = &g_30;
        const int32_t *l_36[2];
        int32_t l_59 = 5L;
        int32_t l_60 = (-1L);
        int32_t l_154 = 0x5B3E99CEL;
        int32_t l_155 = 0x5B8B1024L;
        int32_t l_157 = 0xF83D26D1L;
        int32_t l_159[1];
        uint64_t *l_178 = &l_31[1][2];
        uint16_t *l_182 = (void*)0;
        uint16_t **l_183 = &l_85[1][0];
        int32_t *l_185 = &l_158[3][0];
        int i, j;
        for (i = 0; i < 2; i++)
            l_36[i] = &g_37;
        for (i = 0; i < 1; i++)
            l_159[i] = 0x4C8627F2L;
        if ((p_10 != 0x1D2250DB85613717LL))
        { /* block id: 9 */
            int16_t *l_24 = (void*)0;
            int32_t l_38 = 0xC3E5F885L;
            int32_t *l_55 = (void*)0;
            int32_t *l_56[4][1] = {{&l_38},{&g_25},{&l_38},{&g_25}};
            int8_t l_58 = 0xC6L;
            uint16_t *l_64 = &g_65;
            uint32_t l_66 = 0x85618A32L;
            int i, j;
            if (func_13(((g_6 | 0xA6L) < (((((safe_lshift_func_int16_t_s_u((g_25 |= (safe_sub_func_uint32_t_u_u(l_22, l_23))), p_10)) && g_6) && p_10) | 0x82E58099740826F3LL) <= g_6)), l_23, l_22, l_22))
            { /* block id: 13 */
                return g_25;
            }
            else
            { /* block id: 15 */
                int32_t *l_29[4];
                int32_t l_34[3][2] = {{0L,0L},{0L,0L},{0L,0L}};
                int32_t *l_48 = (void*)0;
                int32_t *l_49 = (void*)0;
                int32_t *l_50 = (void*)0;
                int32_t *l_51[3][4] = {{&l_34[1][1],(void*)0,&l_34[1][1],&l_34[1][1]},{(void*)0,(void*)0,&l_38,&l_34[1][1]},{&l_34[1][1],&l_38,&l_38,&l_34[1][1]}};
                int i, j;
                for (i = 0; i < 4; i++)
                    l_29[i] = &g_30;
                l_38 &= (safe_mul_func_uint16_t_u_u(((l_31[0][2] = 0xB7BE2D3DL) , (((((safe_rshift_func_uint8_t_u_s(l_34[1][0], 2)) , l_35) == (l_36[0] = (void*)0)) , 0L) != g_2)), p_10));
                g_52 ^= ((safe_sub_func_uint64_t_u_u((safe_div_func_uint16_t_u_u((safe_mul_func_uint16_t_u_u(((p_10 == ((safe_add_func_uint64_t_u_u(l_31[0][2], (((void*)0 != g_47) <= 0L))) ^ 0UL)) < g_6), (-6L))), l_38)), g_25)) , l_34[2][1]);
                (*g_53) = &l_34[2][1];
                (*g_54) = p_10;
            }
            g_61--;
            if (p_10)
                break;
            if ((((((*l_64) = p_10) <= ((void*)0 != l_56[2][0])) , &g_54) != &g_54))
            { /* block id: 26 */
                return l_66;
            }
            else
            { /* block id: 28 */
                uint8_t l_74[4];
                int i;
                for (i = 0; i < 4; i++)
                    l_74[i] = 0x2AL;
                l_57 = (((safe_sub_func_int64_t_s_s((!(((((safe_mod_func_uint8_t_u_u(((safe_sub_func_uint32_t_u_u(l_74[1], p_10)) , l_23), (safe_mul_func_uint8_t_u_u((safe_mul_func_uint8_t_u_u((safe_mul_func_int8_t_s_s((safe_mul_func_uint16_t_u_u((l_36[0] != l_83), l_74[3])), 3UL)), g_6)), (-6L))))) || p_10) < p_10) && l_74[1]) && p_10)), g_6)) > 0x8FL) | p_10);
                if (l_74[1])
                    continue;
            }
        }
        else
        { /* block id: 32 */
            int32_t *l_84 = (void*)0;
            l_84 = &l_57;
        }
        if ((&g_65 == (g_86[0] = l_85[0][0])))
        { /* block id: 36 */
            uint32_t l_92 = 4294967288UL;
            int32_t *l_93[4][4] = {{&l_57,(void*)0,&l_57,(void*)0},{&l_57,(void*)0,&l_57,(void*)0},{&l_57,(void*)0,&l_57,(void*)0},{&l_57,(void*)0,&l_57,(void*)0}};
            int32_t **l_130 = &g_54;
            int i, j;
            for (g_25 = 0; (g_25 <= (-18)); g_25 = safe_sub_func_int64_t_s_s(g_25, 6))
            { /* block id: 39 */
                int32_t l_89[3][2];
                int i, j;
                for (i = 0; i < 3; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_89[i][j] = 0x301F6F3BL;
                }
                l_92 = ((p_10 > (l_89[1][0] & ((l_57 < (safe_mul_func_int8_t_s_s(0L, 0UL))) != l_57))) > g_52);
            }
            ++g_94;
            for (l_23 = (-12); (l_23 <= 3); l_23 = safe_add_func_uint8_t_u_u(l_23, 8))
            { /* block id: 45 */
                int32_t l_99 = 0xC56116C1L;
                int32_t l_102 = 4L;
                int32_t l_105 = 0x3ABA37D4L;
                int32_t l_106[1][2];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_106[i][j] = 1L;
                }
                l_57 |= p_10;
                ++g_108;
                l_129 ^= ((safe_sub_func_int8_t_s_s((safe_add_func_uint32_t_u_u(g_52, (safe_rshift_func_int8_t_s_u((l_107 = p_10), ((safe_mod_func_uint8_t_u_u(p_10, ((safe_add_func_int16_t_s_s((((l_59 &= ((safe_rshift_func_uint8_t_u_s(((safe_div_func_uint8_t_u_u(((safe_lshift_func_uint8_t_u_s((safe_add_func_uint32_t_u_u((0UL <= 1L), g_30)), p_10)) || p_10), 0x78L)) , 0xC0L), 1)) | (-1L))) || 0x1FL) | l_23), l_57)) && 0x0AL))) | 8UL))))), 6UL)) > 0xFF7C82FE9626E4E1LL);
                return l_106[0][0];
            }
            (*l_130) = l_93[1][1];
        }
        else
        { /* block id: 54 */
            uint64_t *l_137[4] = {&l_31[0][2],&l_31[0][2],&l_31[0][2],&l_31[0][2]};
            const int32_t l_142 = 0L;
            uint32_t l_144 = 4UL;
            int32_t l_153 = 0x440B9AA1L;
            int16_t l_164 = (-5L);
            int32_t l_174 = 0xE0E4DEADL;
            uint32_t l_175 = 1UL;
            int i;
            for (l_57 = 0; (l_57 <= 1); l_57 += 1)
            { /* block id: 57 */
                int32_t *l_131[1][1];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_131[i][j] = (void*)0;
                }
                g_103 ^= 0x1135B92FL;
            }
            for (l_23 = 0; (l_23 <= 1); l_23 += 1)
            { /* block id: 62 */
                int i, j;
                return l_31[l_23][(l_23 + 2)];
            }
            if (((((safe_sub_func_uint16_t_u_u((safe_unary_minus_func_uint16_t_u(((--g_61) < 0x3DCD55CD4276EE3ELL))), (((18446744073709551615UL != l_142) == ((+p_10) == l_144)) ^ l_60))) >= g_108) || 0UL) & l_31[0][2]))
            { /* block id: 66 */
                uint32_t *l_145[1][3];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 3; j++)
                        l_145[i][j] = &g_94;
                }
                (*g_150) = (((((p_10 & l_142) > (((g_94--) & (((g_100 , ((safe_rshift_func_uint8_t_u_u(0xCCL, 3)) , g_30)) , p_10) || (-3L))) , p_10)) , (void*)0) == &p_10) < l_144);
                if (l_144)
                    continue;
            }
            else
            { /* block id: 70 */
                int32_t *l_151 = &l_59;
                int32_t *l_152[3];
                int16_t * const l_179 = &l_164;
                int i;
                for (i = 0; i < 3; i++)
                    l_152[i] = &l_59;
                ++g_161;
                ++g_165;
                g_25 &= (safe_add_func_int32_t_s_s((safe_mul_func_int8_t_s_s((safe_add_func_uint32_t_u_u(((l_175++) , ((((l_178 = (g_160 , l_137[0])) != (void*)0) != (((((l_129 = l_60) , 0x78DA62DABF79C03FLL) & p_10) , g_86[0]) != l_179)) ^ 0xCB0A74A4L)), 9UL)), 0x4AL)), 0xDFB097C1L));
                l_153 |= (*g_150);
            }
        }
        (*l_185) = ((g_61 , ((g_108 | (safe_mul_func_int16_t_s_s((l_182 == ((*l_183) = &g_161)), p_10))) , g_161)) != g_30);
    }
    return l_129;
}


/* ------------------------------------------ */
/* 
 * reads :
 * writes:
 */
static int32_t  func_13(uint64_t  p_14, int32_t  p_15, int8_t  p_16, int16_t  p_17)
{ /* block id: 11 */
    int8_t l_26 = 7L;
    return l_26;
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
    transparent_crc(g_6, "g_6", print_hash_value);
    transparent_crc(g_25, "g_25", print_hash_value);
    transparent_crc(g_30, "g_30", print_hash_value);
    transparent_crc(g_37, "g_37", print_hash_value);
    transparent_crc(g_52, "g_52", print_hash_value);
    transparent_crc(g_61, "g_61", print_hash_value);
    transparent_crc(g_65, "g_65", print_hash_value);
    transparent_crc(g_94, "g_94", print_hash_value);
    transparent_crc(g_100, "g_100", print_hash_value);
    transparent_crc(g_101, "g_101", print_hash_value);
    transparent_crc(g_103, "g_103", print_hash_value);
    transparent_crc(g_104, "g_104", print_hash_value);
    transparent_crc(g_108, "g_108", print_hash_value);
    transparent_crc(g_160, "g_160", print_hash_value);
    transparent_crc(g_161, "g_161", print_hash_value);
    transparent_crc(g_165, "g_165", print_hash_value);
    transparent_crc(g_199, "g_199", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 57
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 0
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 0
breakdown:
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 0
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 0
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 0

XXX max expression depth: 21
breakdown:
   depth: 1, occurrence: 45
   depth: 2, occurrence: 7
   depth: 3, occurrence: 1
   depth: 6, occurrence: 1
   depth: 7, occurrence: 1
   depth: 8, occurrence: 1
   depth: 10, occurrence: 1
   depth: 11, occurrence: 2
   depth: 14, occurrence: 3
   depth: 16, occurrence: 2
   depth: 21, occurrence: 1

XXX total number of pointers: 33

XXX times a variable address is taken: 40
XXX times a pointer is dereferenced on RHS: 1
breakdown:
   depth: 1, occurrence: 1
XXX times a pointer is dereferenced on LHS: 8
breakdown:
   depth: 1, occurrence: 8
XXX times a pointer is compared with null: 2
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 285

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 39
   level: 2, occurrence: 4
XXX number of pointers point to pointers: 3
XXX number of pointers point to scalars: 30
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 39.4
XXX average alias set size: 1.45

XXX times a non-volatile is read: 101
XXX times a non-volatile is write: 44
XXX times a volatile is read: 5
XXX    times read thru a pointer: 0
XXX times a volatile is write: 5
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 63
XXX percentage of non-volatile access: 93.5

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 43
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 5
   depth: 1, occurrence: 5
   depth: 2, occurrence: 12
   depth: 3, occurrence: 21

XXX percentage a fresh-made variable is used: 26.9
XXX percentage an existing variable is used: 73.1
********************* end of statistics **********************/

