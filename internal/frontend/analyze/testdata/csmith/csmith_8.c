/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 8 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_8.c
 * Seed:      8
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
#pragma pack(push)
#pragma pack(1)
struct S0 {
   unsigned f0 : 18;
};
#pragma pack(pop)

union U1 {
   volatile int8_t * f0;
   volatile int32_t  f1;
};

/* --- GLOBAL VARIABLES --- */
static uint32_t g_9 = 4294967293UL;
static int8_t g_21[1][2] = {{(-10L),(-10L)}};
static uint64_t g_32 = 0x43836745799333C7LL;
static uint32_t g_57[2][1] = {{0UL},{0UL}};
static const volatile uint16_t g_60 = 0UL;/* VOLATILE GLOBAL g_60 */
static volatile uint8_t g_71 = 255UL;/* VOLATILE GLOBAL g_71 */
static volatile int32_t *g_72 = (void*)0;
static volatile int32_t g_74[4] = {1L,1L,1L,1L};
static const uint64_t g_78 = 18446744073709551606UL;
static const uint64_t * const ** volatile g_82 = (void*)0;/* VOLATILE GLOBAL g_82 */
static int32_t g_104 = 0L;
static int32_t *g_103 = &g_104;
static int32_t ** volatile g_102[4][3] = {{&g_103,&g_103,&g_103},{&g_103,&g_103,&g_103},{&g_103,&g_103,&g_103},{&g_103,&g_103,&g_103}};
static int32_t ** volatile g_105 = &g_103;/* VOLATILE GLOBAL g_105 */
static struct S0 g_134 = {13};
static struct S0 * volatile g_133[2][4] = {{&g_134,&g_134,&g_134,&g_134},{&g_134,&g_134,&g_134,&g_134}};
static const uint64_t * const ** volatile * const  volatile g_136 = &g_82;/* VOLATILE GLOBAL g_136 */
static int32_t g_142 = 0x8E8ED7A3L;
static volatile union U1 g_155 = {0};/* VOLATILE GLOBAL g_155 */
static volatile int64_t g_178 = 0x4C175E38545A47AELL;/* VOLATILE GLOBAL g_178 */
static volatile uint32_t g_186 = 1UL;/* VOLATILE GLOBAL g_186 */
static volatile union U1 g_189 = {0};/* VOLATILE GLOBAL g_189 */
static union U1 g_194 = {0};/* VOLATILE GLOBAL g_194 */
static int32_t * volatile g_204 = &g_142;/* VOLATILE GLOBAL g_204 */
static union U1 g_222 = {0};/* VOLATILE GLOBAL g_222 */
static int32_t * volatile g_241 = &g_104;/* VOLATILE GLOBAL g_241 */
static const uint32_t *g_247 = &g_57[0][0];
static const uint32_t ** volatile g_246 = &g_247;/* VOLATILE GLOBAL g_246 */
static int32_t * volatile g_248 = &g_142;/* VOLATILE GLOBAL g_248 */
static uint8_t g_250 = 0xD6L;


/* --- FORWARD DECLARATIONS --- */
static const int8_t  func_1(void);
static int64_t  func_2(int8_t  p_3, int16_t  p_4, uint8_t  p_5, int8_t * p_6, int8_t * p_7);
static int32_t  func_16(int8_t * p_17, const int8_t  p_18, uint16_t  p_19);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_9 g_32 g_21 g_57 g_60 g_71 g_72 g_105 g_74 g_103 g_104 g_78 g_82 g_136 g_134.f0 g_155 g_142 g_186 g_189 g_194 g_204 g_222 g_241 g_246 g_248
 * writes: g_32 g_57 g_103 g_104 g_82 g_9 g_142 g_186 g_134.f0 g_21 g_250
 */
static const int8_t  func_1(void)
{ /* block id: 0 */
    uint32_t l_8 = 0xAC488899L;
    int8_t *l_20[3];
    uint64_t *l_30 = (void*)0;
    uint64_t *l_31[3];
    uint8_t *l_249 = &g_250;
    int i;
    for (i = 0; i < 3; i++)
        l_20[i] = &g_21[0][0];
    for (i = 0; i < 3; i++)
        l_31[i] = &g_32;
    if ((((*l_249) = (func_2(l_8, g_9, (safe_mul_func_uint16_t_u_u((safe_mod_func_int16_t_s_s((safe_mod_func_int32_t_s_s(func_16(l_20[0], (safe_rshift_func_uint8_t_u_s((safe_mul_func_int16_t_s_s((safe_sub_func_uint64_t_u_u((g_32 = (safe_mod_func_uint64_t_u_u(0xEE76373A4C924B54LL, l_8))), 0xBE360DE5741311E2LL)), 0x0EBBL)), 4)), g_9), g_134.f0)), 65535UL)), 0x4375L)), l_20[0], &g_21[0][0]) , l_8)) != g_78))
    { /* block id: 98 */
        const uint32_t l_251 = 0xDDF38A95L;
        return l_251;
    }
    else
    { /* block id: 100 */
        int32_t *l_252 = &g_142;
        (*l_252) ^= l_8;
    }
    return g_104;
}


/* ------------------------------------------ */
/* 
 * reads : g_9 g_155 g_78 g_142 g_186 g_189 g_194 g_204 g_57 g_222 g_74 g_134.f0 g_241 g_246 g_248
 * writes: g_9 g_104 g_142 g_186 g_134.f0 g_21
 */
static int64_t  func_2(int8_t  p_3, int16_t  p_4, uint8_t  p_5, int8_t * p_6, int8_t * p_7)
{ /* block id: 38 */
    int64_t l_151 = 0xF8AA5B394F6C93ECLL;
    uint16_t l_152[1][1];
    int32_t l_161[2];
    const uint64_t *l_197 = &g_32;
    const uint64_t **l_196[2];
    struct S0 l_208 = {54};
    uint32_t *l_215 = &g_57[1][0];
    int64_t l_240 = 5L;
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 1; j++)
            l_152[i][j] = 0xD0E7L;
    }
    for (i = 0; i < 2; i++)
        l_161[i] = 0x568C23FBL;
    for (i = 0; i < 2; i++)
        l_196[i] = &l_197;
    for (g_9 = 0; (g_9 > 16); g_9 = safe_add_func_int16_t_s_s(g_9, 2))
    { /* block id: 41 */
        uint32_t l_144 = 4294967295UL;
        int32_t l_150[4][3] = {{0x985A9A92L,0x985A9A92L,0x6FD32FAAL},{0x985A9A92L,0x985A9A92L,0x6FD32FAAL},{0x985A9A92L,0x985A9A92L,0x6FD32FAAL},{0x985A9A92L,0x985A9A92L,0x6FD32FAAL}};
        int32_t l_185 = 0x08C1004BL;
        uint32_t l_205 = 0x3BC40915L;
        struct S0 l_206[2] = {{2},{2}};
        struct S0 *l_207[3];
        int i, j;
        for (i = 0; i < 3; i++)
            l_207[i] = &l_206[0];
        for (g_104 = (-23); (g_104 < 4); g_104 = safe_add_func_int64_t_s_s(g_104, 4))
        { /* block id: 44 */
            int32_t *l_141 = &g_142;
            int32_t *l_143 = &g_142;
            int32_t *l_147 = (void*)0;
            int32_t *l_148 = &g_142;
            int32_t *l_149[2][3];
            int i, j;
            for (i = 0; i < 2; i++)
            {
                for (j = 0; j < 3; j++)
                    l_149[i][j] = &g_142;
            }
            l_144++;
            --l_152[0][0];
            l_161[1] &= (((*l_141) = 0L) >= ((g_155 , (safe_sub_func_int64_t_s_s((((p_4 ^ ((+(((safe_div_func_int32_t_s_s((4UL >= l_150[1][2]), p_3)) , l_150[0][0]) >= l_152[0][0])) >= l_152[0][0])) || (-3L)) == 0UL), l_152[0][0]))) < g_78));
            l_150[0][0] = ((*l_148) |= p_5);
        }
        l_161[1] ^= (-1L);
        for (p_4 = (-30); (p_4 == 8); p_4 = safe_add_func_int64_t_s_s(p_4, 5))
        { /* block id: 55 */
            const uint64_t l_166 = 0UL;
            int32_t l_173 = 0x870374A0L;
            int32_t l_174 = (-4L);
            int32_t l_175 = 0xF336F0E2L;
            int32_t l_176 = 1L;
            int32_t l_177 = (-10L);
            int32_t l_179 = (-4L);
            int32_t l_180 = 0xEA248F7BL;
            int32_t l_181 = 0x65F83DE7L;
            int32_t l_182[2][4] = {{0x101A31BCL,0x101A31BCL,0x101A31BCL,0x101A31BCL},{0x101A31BCL,0x101A31BCL,0x101A31BCL,0x101A31BCL}};
            int i, j;
            for (l_144 = 11; (l_144 != 42); l_144++)
            { /* block id: 58 */
                int32_t l_167 = 8L;
                l_161[1] = l_166;
                if (l_167)
                    break;
                return p_5;
            }
            for (g_104 = (-2); (g_104 >= 28); g_104 = safe_add_func_int64_t_s_s(g_104, 1))
            { /* block id: 65 */
                int32_t *l_170 = &l_161[0];
                int32_t *l_171 = &l_150[1][2];
                int32_t *l_172[3][2];
                int64_t l_183 = 0x787EE95513F45361LL;
                int64_t l_184[4];
                int i, j;
                for (i = 0; i < 3; i++)
                {
                    for (j = 0; j < 2; j++)
                        l_172[i][j] = &l_150[1][2];
                }
                for (i = 0; i < 4; i++)
                    l_184[i] = (-10L);
                g_186--;
            }
            if ((p_4 == (g_189 , (((-1L) | (safe_div_func_int8_t_s_s((safe_mul_func_int8_t_s_s(0x57L, l_181)), p_3))) < l_182[1][1]))))
            { /* block id: 68 */
                return g_142;
            }
            else
            { /* block id: 70 */
                uint64_t **l_195 = (void*)0;
                int32_t *l_203 = &l_175;
                l_150[1][0] ^= (g_194 , (l_161[1] = (l_144 != (l_195 != l_196[0]))));
                (*g_204) = ((*l_203) = ((safe_add_func_int16_t_s_s((safe_lshift_func_uint16_t_u_u(0x97E0L, (~(p_4 , p_5)))), ((l_151 != 0L) & l_161[0]))) , p_3));
                return l_205;
            }
        }
        l_208 = l_206[0];
    }
    for (p_4 = 0; (p_4 >= (-19)); --p_4)
    { /* block id: 82 */
        struct S0 l_211 = {318};
        struct S0 *l_212 = &l_211;
        uint32_t *l_216 = &g_57[0][0];
        uint32_t **l_223 = &l_216;
        int32_t *l_224 = &l_161[1];
        (*l_212) = l_211;
        (*l_224) |= (((*l_223) = ((((safe_sub_func_int64_t_s_s((l_215 == l_216), (safe_sub_func_uint8_t_u_u((+(safe_lshift_func_uint16_t_u_u((g_57[0][0] & ((g_222 , p_3) > l_211.f0)), l_152[0][0]))), 247UL)))) == l_152[0][0]) | g_57[0][0]) , (void*)0)) != &g_9);
    }
    for (p_3 = 0; (p_3 >= 19); p_3 = safe_add_func_uint8_t_u_u(p_3, 1))
    { /* block id: 89 */
        uint16_t *l_239 = &l_152[0][0];
        (*g_241) = (((((safe_rshift_func_int16_t_s_s((((safe_sub_func_uint32_t_u_u(((g_74[0] & (g_134.f0 ^= ((safe_mul_func_int8_t_s_s(((safe_rshift_func_int16_t_s_s((0xB808L && ((*l_239) &= (safe_lshift_func_uint16_t_u_u(l_161[1], (((safe_mul_func_int16_t_s_s(p_3, g_78)) || p_5) == p_4))))), p_4)) ^ g_78), l_240)) != 1UL))) | g_9), l_161[0])) == g_57[0][0]) <= l_161[1]), p_5)) , p_3) , &l_161[1]) == (void*)0) || g_134.f0);
    }
    (*g_248) = ((65528UL >= ((l_161[1] && ((*p_7) = 0xC8L)) < (safe_sub_func_int64_t_s_s((&l_215 != g_246), 0x57944C8F225E8C95LL)))) | 0UL);
    return g_57[0][0];
}


/* ------------------------------------------ */
/* 
 * reads : g_32 g_21 g_9 g_57 g_60 g_71 g_72 g_105 g_74 g_103 g_104 g_78 g_82 g_136
 * writes: g_57 g_103 g_104 g_82
 */
static int32_t  func_16(int8_t * p_17, const int8_t  p_18, uint16_t  p_19)
{ /* block id: 2 */
    struct S0 l_45 = {366};
    int64_t l_46 = 0xFA6F63EEDA781B5FLL;
    int32_t *l_47 = (void*)0;
    int32_t l_48 = 0x4ACD6BA8L;
    uint32_t *l_55 = (void*)0;
    uint32_t *l_56 = &g_57[0][0];
    int32_t *l_61 = &l_48;
    const uint64_t * const l_86 = &g_32;
    const uint64_t * const *l_85 = &l_86;
    int32_t l_90 = 0xB10F657DL;
    int32_t l_91 = 0x66835AC2L;
    int32_t l_92 = 0x880F5C68L;
    int32_t l_93 = 0xE2E6445AL;
    int32_t l_94 = (-2L);
    int32_t l_96 = 0xEFE548C1L;
    int32_t l_97 = 0L;
    l_48 &= ((safe_lshift_func_int8_t_s_s((safe_lshift_func_int8_t_s_u(2L, 1)), (((g_32 , ((safe_div_func_int8_t_s_s((safe_add_func_uint16_t_u_u((safe_div_func_int8_t_s_s(g_21[0][1], (((safe_mod_func_int32_t_s_s((l_45 , l_45.f0), l_45.f0)) && 0xC214F163L) & l_45.f0))), l_45.f0)), l_46)) ^ 5UL)) , 1UL) && p_18))) ^ g_32);
    if (((*l_61) = (((safe_div_func_uint16_t_u_u(((safe_lshift_func_uint16_t_u_u(g_9, ((p_19 || g_21[0][1]) >= (safe_mod_func_int64_t_s_s((((*l_56)--) , (0xAEB9D3763964E48CLL >= p_18)), g_60))))) >= 0x8EF5L), 0xC114L)) != 8L) ^ g_21[0][0])))
    { /* block id: 6 */
        int32_t *l_88 = &l_48;
        int32_t *l_89[4][2] = {{&l_48,&l_48},{&l_48,&l_48},{&l_48,&l_48},{&l_48,&l_48}};
        int32_t l_95 = 0x52899D3DL;
        uint64_t l_98 = 0UL;
        int i, j;
        for (p_19 = 0; (p_19 > 47); ++p_19)
        { /* block id: 9 */
            uint64_t *l_70 = &g_32;
            int32_t l_87 = 0xAF575662L;
            if (((safe_rshift_func_int8_t_s_s(0x60L, ((safe_mod_func_int64_t_s_s(((((safe_add_func_uint32_t_u_u(7UL, (&g_32 == l_70))) | g_71) , (void*)0) == &g_57[0][0]), 1UL)) && 0xCAEC2B2AL))) || g_32))
            { /* block id: 10 */
                if (g_32)
                    break;
            }
            else
            { /* block id: 12 */
                volatile int32_t *l_73 = &g_74[0];
                const uint64_t * const l_77[3] = {&g_78,&g_78,&g_78};
                const uint64_t * const *l_76 = &l_77[2];
                const uint64_t * const **l_75 = &l_76;
                const uint64_t * const **l_79 = (void*)0;
                const uint64_t * const *l_81 = &l_77[2];
                const uint64_t * const **l_80 = &l_81;
                const uint64_t * const *l_84 = &l_77[2];
                const uint64_t * const **l_83[1];
                int i;
                for (i = 0; i < 1; i++)
                    l_83[i] = &l_84;
                l_73 = g_72;
                (*l_61) |= 0xD97C2923L;
                l_85 = ((*l_80) = ((*l_75) = (void*)0));
            }
            return l_87;
        }
        ++l_98;
    }
    else
    { /* block id: 22 */
        int32_t *l_101 = &l_90;
        (*g_105) = l_101;
        if (p_19)
            goto lbl_120;
lbl_120:
        (*l_61) |= (safe_mul_func_int8_t_s_s((~(~((l_45 , (safe_mul_func_uint8_t_u_u(p_19, (safe_mod_func_int16_t_s_s(((*l_101) <= ((safe_sub_func_uint64_t_u_u(((safe_div_func_uint64_t_u_u(((((safe_rshift_func_int16_t_s_s(((*l_101) == p_18), p_19)) & 0xBCBD03F0CD8B2F8DLL) , p_19) <= g_74[0]), 0x53AF010A371577CDLL)) > (*g_103)), (*l_101))) && 0x95366612900EB00DLL)), g_32))))) , p_18))), (*p_17)));
        for (g_104 = 0; (g_104 <= 8); g_104 = safe_add_func_uint8_t_u_u(g_104, 1))
        { /* block id: 28 */
            int32_t l_125 = 0xFA911A91L;
            struct S0 l_132 = {33};
            if (((safe_sub_func_uint16_t_u_u(((l_125 | (safe_mul_func_uint16_t_u_u(((safe_rshift_func_int16_t_s_s((p_19 , ((safe_rshift_func_uint16_t_u_s(g_21[0][0], 10)) == (((void*)0 == &l_85) || l_125))), 11)) | g_32), 9L))) || g_78), (*l_101))) ^ g_21[0][1]))
            { /* block id: 29 */
                struct S0 *l_135 = &l_132;
                (*l_135) = l_132;
                return l_125;
            }
            else
            { /* block id: 32 */
                (*g_136) = g_82;
            }
        }
    }
    return p_18;
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
    transparent_crc(g_9, "g_9", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_21[i][j], "g_21[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_32, "g_32", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_57[i][j], "g_57[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_60, "g_60", print_hash_value);
    transparent_crc(g_71, "g_71", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_74[i], "g_74[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_78, "g_78", print_hash_value);
    transparent_crc(g_104, "g_104", print_hash_value);
    transparent_crc(g_134.f0, "g_134.f0", print_hash_value);
    transparent_crc(g_142, "g_142", print_hash_value);
    transparent_crc(g_178, "g_178", print_hash_value);
    transparent_crc(g_186, "g_186", print_hash_value);
    transparent_crc(g_250, "g_250", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 56
   depth: 1, occurrence: 5
XXX total union variables: 4

XXX non-zero bitfields defined in structs: 1
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 5
breakdown:
   indirect level: 0, occurrence: 5
XXX full-bitfields structs in the program: 5
breakdown:
   indirect level: 0, occurrence: 5
XXX times a bitfields struct's address is taken: 5
XXX times a bitfields struct on LHS: 1
XXX times a bitfields struct on RHS: 5
XXX times a single bitfield on LHS: 1
XXX times a single bitfield on RHS: 7

XXX max expression depth: 22
breakdown:
   depth: 1, occurrence: 50
   depth: 2, occurrence: 10
   depth: 3, occurrence: 1
   depth: 5, occurrence: 1
   depth: 7, occurrence: 1
   depth: 8, occurrence: 2
   depth: 10, occurrence: 1
   depth: 13, occurrence: 3
   depth: 14, occurrence: 1
   depth: 15, occurrence: 1
   depth: 16, occurrence: 1
   depth: 20, occurrence: 1
   depth: 22, occurrence: 1

XXX total number of pointers: 63

XXX times a variable address is taken: 59
XXX times a pointer is dereferenced on RHS: 6
breakdown:
   depth: 1, occurrence: 6
XXX times a pointer is dereferenced on LHS: 22
breakdown:
   depth: 1, occurrence: 22
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 2
XXX times a pointer is compared with another pointer: 2
XXX times a pointer is qualified to be dereferenced: 1459

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 48
   level: 2, occurrence: 1
   level: 3, occurrence: 0
   level: 4, occurrence: 1
XXX number of pointers point to pointers: 16
XXX number of pointers point to scalars: 43
XXX number of pointers point to structs: 4
XXX percent of pointers has null in alias set: 27
XXX average alias set size: 1.13

XXX times a non-volatile is read: 132
XXX times a non-volatile is write: 62
XXX times a volatile is read: 8
XXX    times read thru a pointer: 0
XXX times a volatile is write: 7
XXX    times written thru a pointer: 1
XXX times a volatile is available for access: 169
XXX percentage of non-volatile access: 92.8

XXX forward jumps: 1
XXX backward jumps: 0

XXX stmts: 50
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 10
   depth: 1, occurrence: 15
   depth: 2, occurrence: 10
   depth: 3, occurrence: 15

XXX percentage a fresh-made variable is used: 13.1
XXX percentage an existing variable is used: 86.9
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

