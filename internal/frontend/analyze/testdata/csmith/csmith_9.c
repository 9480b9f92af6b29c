/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 9 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_9.c
 * Seed:      9
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
union U0 {
   const int32_t  f0;
   int8_t  f1;
};

/* --- GLOBAL VARIABLES --- */
static int32_t g_2[2][2] = {{0x56915A13L,0x56915A13L},{0x56915A13L,0x56915A13L}};
static uint32_t g_19 = 0x393E75CBL;
static int32_t *g_23 = (void*)0;
static int32_t ** volatile g_22[3] = {&g_23,&g_23,&g_23};
static int32_t ** volatile g_25 = (void*)0;/* VOLATILE GLOBAL g_25 */
static int32_t ** volatile g_26 = &g_23;/* VOLATILE GLOBAL g_26 */
static uint64_t g_64[4][4] = {{18446744073709551615UL,0x0BB1179EF6EAEA54LL,18446744073709551615UL,0x0BB1179EF6EAEA54LL},{18446744073709551615UL,0x0BB1179EF6EAEA54LL,18446744073709551615UL,0x0BB1179EF6EAEA54LL},{18446744073709551615UL,0x0BB1179EF6EAEA54LL,18446744073709551615UL,0x0BB1179EF6EAEA54LL},{18446744073709551615UL,0x0BB1179EF6EAEA54LL,18446744073709551615UL,0x0BB1179EF6EAEA54LL}};
static uint8_t g_67 = 0xD1L;
static int32_t g_71[3][1] = {{0xCC8DDEC2L},{0xCC8DDEC2L},{0xCC8DDEC2L}};
static int32_t * volatile g_70 = &g_71[0][0];/* VOLATILE GLOBAL g_70 */
static int8_t g_73 = 0L;
static int8_t g_75 = 7L;
static uint64_t g_77 = 0x59CB379706C82205LL;
static volatile int32_t g_84 = 4L;/* VOLATILE GLOBAL g_84 */
static int32_t g_86 = 0xB411FA98L;
static int32_t ** volatile g_87 = &g_23;/* VOLATILE GLOBAL g_87 */
static uint16_t g_125[4][1] = {{0xE043L},{0xE043L},{0xE043L},{0xE043L}};
static int32_t g_127 = 1L;
static volatile uint16_t g_136 = 0x213EL;/* VOLATILE GLOBAL g_136 */


/* --- FORWARD DECLARATIONS --- */
static int8_t  func_1(void);
static int16_t  func_7(const uint64_t  p_8, int32_t  p_9, uint64_t  p_10, int32_t  p_11, uint8_t  p_12);
static int64_t  func_15(uint32_t  p_16, int32_t  p_17);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_2 g_19 g_26 g_70 g_71 g_67 g_77 g_84 g_87 g_75 g_23 g_127 g_136 g_73
 * writes: g_2 g_23 g_19 g_64 g_67 g_71 g_73 g_75 g_77 g_86 g_125 g_127 g_136
 */
static int8_t  func_1(void)
{ /* block id: 0 */
    uint64_t l_18 = 0x1EBF0DDD9CD4431FLL;
    int32_t *l_128 = (void*)0;
    int32_t *l_129 = (void*)0;
    int32_t *l_130[3][2] = {{&g_71[0][0],&g_71[0][0]},{&g_71[0][0],&g_71[0][0]},{&g_71[0][0],&g_71[0][0]}};
    int16_t l_131 = 0x7641L;
    int32_t l_132 = 1L;
    int32_t l_133 = 3L;
    int64_t l_134 = 0x145919A834AAA41BLL;
    int32_t l_135 = 0x4C168BADL;
    int i, j;
    for (g_2[0][0] = (-6); (g_2[0][0] != (-11)); g_2[0][0] = safe_sub_func_uint64_t_u_u(g_2[0][0], 5))
    { /* block id: 3 */
        int8_t *l_72 = &g_73;
        int8_t *l_74 = &g_75;
        uint64_t *l_76 = &g_77;
        int32_t *l_126 = &g_127;
        (*l_126) &= (((*l_72) = (safe_sub_func_int16_t_s_s((g_125[0][0] = func_7(((*l_76) &= ((safe_div_func_int16_t_s_s((((((*l_74) = ((((*l_72) = (func_15(l_18, g_19) > (((1L != l_18) >= l_18) >= 1UL))) , (-1L)) > l_18)) , l_18) , g_71[0][0]) && (-1L)), 0xC887L)) , 0xA886803F40BDE86DLL)), g_2[0][1], g_2[1][0], g_2[0][0], g_2[1][1])), g_2[0][0]))) <= g_2[0][0]);
    }
    --g_136;
    return g_73;
}


/* ------------------------------------------ */
/* 
 * reads : g_19 g_71 g_70 g_77 g_84 g_87 g_75 g_26 g_23
 * writes: g_19 g_71 g_77 g_75 g_86 g_23
 */
static int16_t  func_7(const uint64_t  p_8, int32_t  p_9, uint64_t  p_10, int32_t  p_11, uint8_t  p_12)
{ /* block id: 30 */
    uint8_t l_93 = 0x3AL;
    int32_t *l_98 = (void*)0;
    int32_t **l_100 = &l_98;
    int32_t l_112 = (-1L);
    int32_t l_113 = (-6L);
    int64_t l_114 = 0x37101990186BA227LL;
    uint32_t l_115 = 4294967295UL;
    int32_t l_118 = (-6L);
    int32_t l_119 = (-1L);
    int32_t l_120[3][4] = {{(-1L),(-1L),(-1L),(-1L)},{(-1L),(-1L),(-1L),(-1L)},{(-1L),(-1L),(-1L),(-1L)}};
    uint8_t l_121[4] = {255UL,255UL,255UL,255UL};
    int32_t l_124 = 0x18209F72L;
    int i, j;
    for (g_19 = 0; (g_19 <= 0); g_19 += 1)
    { /* block id: 33 */
        int32_t *l_78 = &g_71[0][0];
        int32_t l_92[3];
        int i;
        for (i = 0; i < 3; i++)
            l_92[i] = 0xD9F2ED6AL;
        (*l_78) &= 0L;
        if ((*g_70))
            continue;
        for (g_77 = 0; (g_77 <= 0); g_77 += 1)
        { /* block id: 38 */
            const union U0 l_81 = {1L};
            if (((*l_78) , (p_9 ^ 0x347E9BEE6A4CB4ABLL)))
            { /* block id: 39 */
                uint32_t l_82[4];
                int8_t *l_83[3][1];
                int32_t *l_85 = &g_86;
                int i, j;
                for (i = 0; i < 4; i++)
                    l_82[i] = 7UL;
                for (i = 0; i < 3; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_83[i][j] = &g_75;
                }
                (*l_85) = (safe_rshift_func_uint16_t_u_s(((l_81 , (g_71[(g_19 + 1)][g_77] = ((g_75 = l_82[3]) > (0xF2L != 0x06L)))) < p_9), g_84));
            }
            else
            { /* block id: 43 */
                int32_t *l_88 = &g_86;
                int32_t *l_89 = &g_71[0][0];
                int32_t *l_90 = &g_86;
                int32_t *l_91[2];
                int i;
                for (i = 0; i < 2; i++)
                    l_91[i] = &g_71[1][0];
                (*g_87) = &p_11;
                l_93++;
                if (l_81.f0)
                    continue;
                (*l_78) |= p_8;
            }
            for (g_75 = 0; (g_75 >= 20); g_75++)
            { /* block id: 51 */
                int32_t **l_99 = &g_23;
                (*l_99) = l_98;
                (*g_26) = (*g_26);
                return l_81.f0;
            }
        }
    }
    (*l_100) = &p_11;
    if (((safe_add_func_int32_t_s_s(0x3B0C632DL, (safe_add_func_int16_t_s_s(0xCC70L, (*l_98))))) <= ((safe_mul_func_uint16_t_u_u((safe_mul_func_int8_t_s_s(0xEEL, (*l_98))), 65531UL)) != 1L)))
    { /* block id: 59 */
        return p_12;
    }
    else
    { /* block id: 61 */
        int32_t *l_109 = &g_71[1][0];
        int32_t *l_110 = (void*)0;
        int32_t *l_111[2];
        int i;
        for (i = 0; i < 2; i++)
            l_111[i] = &g_71[2][0];
        l_115--;
        l_121[2]--;
    }
    return l_124;
}


/* ------------------------------------------ */
/* 
 * reads : g_26 g_19 g_2 g_70 g_71 g_67
 * writes: g_23 g_19 g_64 g_67 g_71
 */
static int64_t  func_15(uint32_t  p_16, int32_t  p_17)
{ /* block id: 4 */
    int16_t l_20[3][4] = {{0x1777L,0x1777L,0x1777L,0x1777L},{0x1777L,0x1777L,0x1777L,0x1777L},{0x1777L,0x1777L,0x1777L,0x1777L}};
    int32_t l_37 = (-7L);
    int32_t l_39 = (-1L);
    int16_t l_42 = (-4L);
    int32_t l_43 = 0xB5B3A04BL;
    int32_t l_44 = (-5L);
    int32_t l_45 = 0xA99669D5L;
    int32_t l_48 = 0x456AA7D8L;
    int32_t l_49 = 0x63F4458BL;
    int32_t *l_57 = &l_45;
    int32_t **l_62 = &g_23;
    uint64_t *l_63 = &g_64[3][1];
    const uint16_t l_65 = 65526UL;
    uint8_t *l_66 = &g_67;
    uint32_t l_68 = 0UL;
    uint8_t l_69 = 0x1AL;
    int i, j;
    for (p_16 = 0; (p_16 <= 2); p_16 += 1)
    { /* block id: 7 */
        int32_t *l_21 = &g_2[1][0];
        int32_t **l_24 = (void*)0;
        int32_t l_32 = 0xB187B35FL;
        int32_t l_34 = 1L;
        int32_t l_35 = (-10L);
        int32_t l_36 = (-1L);
        int32_t l_38 = 0L;
        int32_t l_40 = 0xCA51C18CL;
        int32_t l_41 = 1L;
        int32_t l_46 = 1L;
        int32_t l_47 = 0x040D4F66L;
        int32_t l_50 = (-4L);
        int32_t l_51 = 0L;
        int32_t l_52 = 0xFD34DB64L;
        int32_t l_53[4] = {5L,5L,5L,5L};
        int i;
        (*g_26) = l_21;
        for (p_17 = 2; (p_17 >= 0); p_17 -= 1)
        { /* block id: 11 */
            int32_t l_31 = 0x2585FAFEL;
            int32_t l_33[1];
            int i;
            for (i = 0; i < 1; i++)
                l_33[i] = 0xD68C2AFEL;
            for (g_19 = 0; (g_19 <= 2); g_19 += 1)
            { /* block id: 14 */
                int32_t l_27 = 0xB243E5ECL;
                int32_t *l_28 = (void*)0;
                int32_t *l_29 = &l_27;
                int32_t *l_30[1];
                uint8_t l_54 = 1UL;
                int i, j;
                for (i = 0; i < 1; i++)
                    l_30[i] = &l_27;
                l_27 &= l_20[p_17][p_17];
                --l_54;
                if (l_20[p_16][(g_19 + 1)])
                    break;
            }
            l_57 = &l_31;
        }
    }
    (*g_70) &= (p_17 < ((safe_mod_func_uint64_t_u_u((safe_mul_func_int8_t_s_s((((((*l_66) = (((*l_63) = (1L <= ((((*l_62) = &l_43) == (void*)0) & g_19))) > l_65)) & l_68) <= 18446744073709551613UL) >= g_2[0][1]), l_45)), l_69)) ^ p_16));
    return g_67;
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
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_2[i][j], "g_2[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_19, "g_19", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_64[i][j], "g_64[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_67, "g_67", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_71[i][j], "g_71[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_73, "g_73", print_hash_value);
    transparent_crc(g_75, "g_75", print_hash_value);
    transparent_crc(g_77, "g_77", print_hash_value);
    transparent_crc(g_84, "g_84", print_hash_value);
    transparent_crc(g_86, "g_86", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_125[i][j], "g_125[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_127, "g_127", print_hash_value);
    transparent_crc(g_136, "g_136", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 54
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

XXX max expression depth: 26
breakdown:
   depth: 1, occurrence: 39
   depth: 2, occurrence: 7
   depth: 3, occurrence: 1
   depth: 7, occurrence: 1
   depth: 8, occurrence: 1
   depth: 15, occurrence: 1
   depth: 26, occurrence: 1

XXX total number of pointers: 35

XXX times a variable address is taken: 32
XXX times a pointer is dereferenced on RHS: 5
breakdown:
   depth: 1, occurrence: 5
XXX times a pointer is dereferenced on LHS: 17
breakdown:
   depth: 1, occurrence: 17
XXX times a pointer is compared with null: 0
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 1401

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 52
   level: 2, occurrence: 3
XXX number of pointers point to pointers: 8
XXX number of pointers point to scalars: 27
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 22.9
XXX average alias set size: 1.2

XXX times a non-volatile is read: 51
XXX times a non-volatile is write: 46
XXX times a volatile is read: 3
XXX    times read thru a pointer: 0
XXX times a volatile is write: 5
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 128
XXX percentage of non-volatile access: 92.4

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 34
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 10
   depth: 1, occurrence: 9
   depth: 2, occurrence: 4
   depth: 3, occurrence: 11

XXX percentage a fresh-made variable is used: 17.4
XXX percentage an existing variable is used: 82.6
********************* end of statistics **********************/

