/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 16 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_16.c
 * Seed:      16
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
struct S0 {
   uint8_t  f0;
};

#pragma pack(push)
#pragma pack(1)
struct S1 {
   uint16_t  f0;
};
#pragma pack(pop)

union U2 {
   int8_t * f0;
   const volatile int32_t  f1;
   int64_t  f2;
};

/* --- GLOBAL VARIABLES --- */
static int32_t g_4 = 0x565E08CCL;
static volatile int8_t g_15 = 1L;/* VOLATILE GLOBAL g_15 */
static volatile int8_t * volatile g_14 = &g_15;/* VOLATILE GLOBAL g_14 */
static int8_t g_32 = 0xA5L;
static int32_t g_34 = 0x3A099773L;
static int32_t g_36[1][1] = {{0x05618D7CL}};
static uint16_t g_38 = 0UL;
static int32_t *g_40 = (void*)0;
static int32_t ** const  volatile g_39 = &g_40;/* VOLATILE GLOBAL g_39 */
static struct S1 g_42 = {0x5583L};
static uint8_t g_62 = 0UL;
static uint32_t g_63 = 0x2AE39B9AL;
static int32_t ** volatile g_65 = &g_40;/* VOLATILE GLOBAL g_65 */
static int32_t g_87 = (-4L);
static volatile union U2 g_90 = {0};/* VOLATILE GLOBAL g_90 */
static uint64_t g_98 = 0x8760324A0BD6DA29LL;
static const uint64_t g_113[4][4] = {{0UL,18446744073709551615UL,0UL,18446744073709551615UL},{0UL,18446744073709551615UL,0UL,18446744073709551615UL},{0UL,18446744073709551615UL,0UL,18446744073709551615UL},{0UL,18446744073709551615UL,0UL,18446744073709551615UL}};
static uint32_t g_123 = 0x42B0CC67L;
static volatile uint64_t * volatile *g_124 = (void*)0;
static volatile uint64_t * volatile ** volatile g_125 = &g_124;/* VOLATILE GLOBAL g_125 */


/* --- FORWARD DECLARATIONS --- */
static struct S1  func_1(void);
static uint64_t  func_7(uint32_t  p_8, int8_t  p_9, uint32_t  p_10, int32_t * const  p_11);
static int32_t  func_17(struct S1  p_18, int32_t * p_19);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_4 g_14 g_15 g_34 g_36 g_38 g_39 g_40 g_32 g_42 g_65 g_62 g_87 g_90 g_98 g_113 g_63 g_123 g_124 g_125
 * writes: g_4 g_32 g_34 g_36 g_40 g_62 g_63 g_38 g_87 g_98 g_42.f0 g_124
 */
static struct S1  func_1(void)
{ /* block id: 0 */
    int32_t *l_2 = (void*)0;
    int32_t *l_3 = &g_4;
    uint64_t l_16 = 1UL;
    int8_t *l_37[2][1];
    uint8_t l_46 = 254UL;
    int16_t l_99 = 0L;
    int32_t l_134 = 4L;
    int32_t l_135 = 7L;
    int32_t l_136 = 0x70C1D372L;
    uint32_t l_137 = 0x1DBD879DL;
    uint32_t l_161 = 0UL;
    int32_t l_162[4][3] = {{3L,0x19B726C3L,0x19B726C3L},{0x19B726C3L,(-7L),(-8L)},{3L,(-7L),3L},{0x49551247L,0x19B726C3L,(-8L)}};
    uint16_t l_163 = 0x7C41L;
    int16_t l_169 = 0x373BL;
    struct S1 l_175 = {0x0A76L};
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_37[i][j] = &g_32;
    }
    (*l_3) = (-1L);
    if ((safe_sub_func_int8_t_s_s(((*l_3) = ((func_7(((((*l_3) && (g_14 == (void*)0)) >= (((g_4 ^ g_4) , g_4) < 4294967292UL)) <= g_4), l_16, g_4, l_2) | 1UL) , (*g_14))), g_38)))
    { /* block id: 10 */
        struct S1 *l_41[2][3];
        int32_t l_59 = 0x283564F6L;
        int64_t l_60 = 9L;
        uint16_t *l_103[4][1] = {{(void*)0},{(void*)0},{(void*)0},{(void*)0}};
        int i, j;
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 3; j++)
                l_41[i][j] = &g_42;
        }
        (*g_39) = l_3;
lbl_66:
        if ((&l_2 == &g_40))
        { /* block id: 12 */
            struct S1 **l_43 = &l_41[0][2];
            (*l_43) = l_41[0][2];
        }
        else
        { /* block id: 14 */
            int32_t *l_56 = &g_36[0][0];
            int32_t *l_57[4];
            int32_t **l_58 = &l_3;
            uint8_t *l_61 = &g_62;
            int i;
            for (i = 0; i < 4; i++)
                l_57[i] = &g_34;
            if ((safe_mod_func_uint16_t_u_u(l_46, (safe_sub_func_uint64_t_u_u((((g_63 = (safe_add_func_uint8_t_u_u(((((*l_61) = ((((safe_add_func_uint16_t_u_u((g_4 >= (!((*l_56) = (*g_40)))), (((((*l_58) = l_57[0]) == l_2) >= 2UL) == 2L))) <= l_59) < l_60) & g_38)) , l_60) >= l_59), l_59))) > 0xB3L) != 0xD357DCCCL), g_32)))))
            { /* block id: 19 */
                return g_42;
            }
            else
            { /* block id: 21 */
                struct S1 l_64[2][1] = {{{0x7891L}},{{0x7891L}}};
                int i, j;
                return l_64[0][0];
            }
        }
        for (g_34 = 0; (g_34 >= 0); g_34 -= 1)
        { /* block id: 27 */
            int8_t l_72 = 0x53L;
            uint8_t *l_73[1][1];
            int64_t *l_76 = &l_60;
            uint16_t *l_77 = &g_38;
            int8_t l_85 = 0x7FL;
            uint32_t l_97 = 4UL;
            int i, j;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 1; j++)
                    l_73[i][j] = &l_46;
            }
            for (g_38 = 0; (g_38 <= 0); g_38 += 1)
            { /* block id: 30 */
                struct S1 *l_67[2][2];
                struct S1 **l_68 = (void*)0;
                struct S1 **l_69 = &l_41[1][0];
                int i, j;
                for (i = 0; i < 2; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_67[i][j] = &g_42;
                }
                (*g_65) = &g_36[g_34][g_38];
                if (g_38)
                    goto lbl_66;
                (*l_69) = l_67[0][1];
            }
            if (l_60)
                continue;
            if (((((*l_77) ^= (safe_div_func_uint16_t_u_u((((g_62 &= l_72) , l_59) | ((g_36[0][0] == ((*l_76) = (safe_mul_func_int8_t_s_s((*g_14), g_32)))) >= l_72)), g_34))) != l_72) == g_42.f0))
            { /* block id: 39 */
                int32_t *l_86 = &g_87;
                (*l_86) |= ((((*l_77) = ((safe_mod_func_uint32_t_u_u(g_62, 4294967295UL)) , (safe_mul_func_int16_t_s_s(((((l_59 = ((safe_div_func_uint16_t_u_u(65528UL, ((safe_unary_minus_func_uint8_t_u(0x3DL)) && 0x7FE427CCL))) <= g_38)) , 0xAF85E685L) || 0xE8B8566AL) ^ (**g_39)), 0x4314L)))) ^ l_85) ^ g_62);
            }
            else
            { /* block id: 43 */
                uint64_t *l_89 = &l_16;
                l_99 |= ((((safe_unary_minus_func_uint64_t_u(((*l_89) ^= g_87))) >= (g_98 &= (g_90 , ((*l_3) <= (((safe_rshift_func_int8_t_s_s((safe_sub_func_uint64_t_u_u((safe_lshift_func_uint16_t_u_s(((*l_77) = g_38), 8)), l_97)), l_60)) && (*g_14)) > g_32))))) == l_60) ^ g_34);
                (**g_65) = 0xDCD3E82DL;
                if ((**g_39))
                    break;
            }
            for (g_42.f0 = 0; (g_42.f0 <= 0); g_42.f0 += 1)
            { /* block id: 53 */
                int i, j;
                (*l_3) = ((safe_div_func_int64_t_s_s((~(g_36[g_42.f0][g_34] > g_36[g_42.f0][g_34])), (l_97 & (g_34 > (*l_3))))) | l_59);
                (*g_40) = (l_103[2][0] == &g_38);
                (*l_3) |= (safe_rshift_func_int16_t_s_u(((((safe_rshift_func_uint16_t_u_u(l_97, (safe_rshift_func_int8_t_s_u((0xD77AE26BL != l_59), ((g_98 < (*g_14)) , g_98))))) , 0UL) <= 7UL) <= l_72), g_36[g_42.f0][g_34]));
            }
        }
    }
    else
    { /* block id: 59 */
        uint32_t l_110 = 18446744073709551606UL;
        int32_t l_114[3];
        int32_t **l_122[3];
        int16_t l_147 = 0L;
        int i;
        for (i = 0; i < 3; i++)
            l_114[i] = (-1L);
        for (i = 0; i < 3; i++)
            l_122[i] = &l_2;
        l_114[1] |= ((0x49L >= l_110) <= ((g_98 = ((0xC7E1L && (((safe_sub_func_uint32_t_u_u((((g_38 & (*l_3)) ^ (*l_3)) ^ g_34), (*l_3))) ^ 0UL) < g_113[3][3])) != g_15)) > g_62));
        if (((safe_rshift_func_uint8_t_u_s((((+(((&g_113[3][2] != ((safe_add_func_uint8_t_u_u((safe_lshift_func_int16_t_s_u(((((*g_65) = (*g_39)) != (g_42 , (void*)0)) <= g_113[3][3]), g_36[0][0])), g_63)) , &l_16)) == 0L) == g_87)) | g_123) , g_63), 3)) | 0x9661A18340555863LL))
        { /* block id: 63 */
            int32_t l_133[4];
            struct S0 l_158 = {0x15L};
            int32_t l_160 = (-9L);
            int16_t *l_164 = &l_99;
            int16_t l_165 = 0L;
            int i;
            for (i = 0; i < 4; i++)
                l_133[i] = 0xBDD08413L;
            (*g_125) = g_124;
            for (g_62 = (-8); (g_62 != 31); g_62 = safe_add_func_int8_t_s_s(g_62, 3))
            { /* block id: 67 */
                int16_t *l_132 = &l_99;
                int32_t l_140 = 0xC5888CA2L;
                uint32_t l_141 = 0x3EB6FFE1L;
                const int8_t l_146[2][2] = {{0xC1L,0xC1L},{0xC1L,0xC1L}};
                int i, j;
                l_133[3] = (((*l_3) &= (safe_mod_func_uint32_t_u_u(g_113[3][3], 0x06A2A823L))) < (safe_rshift_func_int16_t_s_u(((*l_132) = g_42.f0), 12)));
                ++l_137;
                --l_141;
                l_147 |= (((((0xEDB9L & (l_133[3] & ((((safe_sub_func_uint32_t_u_u(l_140, (l_133[3] , g_113[0][3]))) | l_140) & g_4) | (*g_14)))) != g_36[0][0]) > 0x805B927C989E8BE2LL) >= l_146[1][1]) , l_146[1][1]);
            }
            l_165 ^= ((safe_lshift_func_int16_t_s_s(((safe_lshift_func_int8_t_s_u((((*l_164) = ((safe_div_func_int16_t_s_s((((*l_3) && ((safe_lshift_func_uint16_t_u_u(((((((safe_add_func_int64_t_s_s(((l_133[3] | ((l_158 , (+((l_160 = (-9L)) , g_62))) , g_4)) <= (*l_3)), l_161)) || 6UL) | (*l_3)) || l_162[3][2]) == l_163) != (*g_14)), l_158.f0)) | g_113[2][1])) ^ g_42.f0), g_123)) > 1UL)) ^ g_113[3][0]), 0)) & g_34), g_63)) <= g_36[0][0]);
            for (l_165 = (-4); (l_165 != 12); l_165++)
            { /* block id: 80 */
                uint32_t l_168 = 6UL;
                if (l_168)
                    break;
            }
        }
        else
        { /* block id: 83 */
            uint32_t l_170 = 18446744073709551614UL;
            l_170++;
            for (l_16 = 0; (l_16 <= 0); l_16 += 1)
            { /* block id: 87 */
                return g_42;
            }
        }
    }
    for (g_62 = 0; (g_62 < 44); g_62 = safe_add_func_int16_t_s_s(g_62, 2))
    { /* block id: 94 */
        return l_175;
    }
    return l_175;
}


/* ------------------------------------------ */
/* 
 * reads : g_15 g_4 g_34 g_36
 * writes: g_32 g_34 g_36
 */
static uint64_t  func_7(uint32_t  p_8, int8_t  p_9, uint32_t  p_10, int32_t * const  p_11)
{ /* block id: 2 */
    struct S1 l_20 = {2UL};
    int32_t *l_35 = &g_36[0][0];
    (*l_35) ^= func_17(l_20, &g_4);
    return (*l_35);
}


/* ------------------------------------------ */
/* 
 * reads : g_15 g_4 g_34
 * writes: g_32 g_34
 */
static int32_t  func_17(struct S1  p_18, int32_t * p_19)
{ /* block id: 3 */
    int32_t l_25 = 0xC1FCC8AFL;
    int8_t *l_31[4] = {&g_32,&g_32,&g_32,&g_32};
    int32_t *l_33 = &g_34;
    int i;
    (*l_33) |= (safe_div_func_int8_t_s_s(((safe_lshift_func_uint16_t_u_s((((l_25 > (safe_mul_func_int8_t_s_s(((0xF6L == (!(g_32 = ((safe_lshift_func_int16_t_s_s(0x5835L, p_18.f0)) || (-3L))))) != g_15), l_25))) > g_4) < p_18.f0), 14)) != 0xBB30B137L), 0x1AL));
    return (*l_33);
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
    transparent_crc(g_4, "g_4", print_hash_value);
    transparent_crc(g_15, "g_15", print_hash_value);
    transparent_crc(g_32, "g_32", print_hash_value);
    transparent_crc(g_34, "g_34", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_36[i][j], "g_36[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_38, "g_38", print_hash_value);
    transparent_crc(g_42.f0, "g_42.f0", print_hash_value);
    transparent_crc(g_62, "g_62", print_hash_value);
    transparent_crc(g_63, "g_63", print_hash_value);
    transparent_crc(g_87, "g_87", print_hash_value);
    transparent_crc(g_98, "g_98", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_113[i][j], "g_113[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_123, "g_123", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 40
   depth: 1, occurrence: 4
XXX total union variables: 1

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

XXX max expression depth: 25
breakdown:
   depth: 1, occurrence: 42
   depth: 2, occurrence: 9
   depth: 3, occurrence: 1
   depth: 6, occurrence: 2
   depth: 10, occurrence: 1
   depth: 12, occurrence: 2
   depth: 13, occurrence: 2
   depth: 14, occurrence: 2
   depth: 15, occurrence: 1
   depth: 16, occurrence: 1
   depth: 20, occurrence: 1
   depth: 25, occurrence: 1

XXX total number of pointers: 33

XXX times a variable address is taken: 33
XXX times a pointer is dereferenced on RHS: 21
breakdown:
   depth: 1, occurrence: 19
   depth: 2, occurrence: 2
XXX times a pointer is dereferenced on LHS: 26
breakdown:
   depth: 1, occurrence: 25
   depth: 2, occurrence: 1
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 1
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 444

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 76
   level: 2, occurrence: 9
XXX number of pointers point to pointers: 9
XXX number of pointers point to scalars: 22
XXX number of pointers point to structs: 2
XXX percent of pointers has null in alias set: 21.2
XXX average alias set size: 1.09

XXX times a non-volatile is read: 141
XXX times a non-volatile is write: 70
XXX times a volatile is read: 19
XXX    times read thru a pointer: 6
XXX times a volatile is write: 5
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 86
XXX percentage of non-volatile access: 89.8

XXX forward jumps: 0
XXX backward jumps: 1

XXX stmts: 44
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 8
   depth: 1, occurrence: 6
   depth: 2, occurrence: 12
   depth: 3, occurrence: 18

XXX percentage a fresh-made variable is used: 19.6
XXX percentage an existing variable is used: 80.4
********************* end of statistics **********************/

