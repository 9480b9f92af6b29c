/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 13 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_13.c
 * Seed:      13
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
#pragma pack(push)
#pragma pack(1)
struct S0 {
   signed f0 : 5;
   volatile unsigned f1 : 8;
   signed f2 : 11;
   signed f3 : 10;
};
#pragma pack(pop)

union U1 {
   uint32_t  f0;
};

union U2 {
   int64_t  f0;
   volatile int8_t * volatile  f1;
   volatile uint64_t  f2;
};

union U3 {
   uint32_t  f0;
   uint32_t  f1;
   uint32_t  f2;
   int8_t * volatile  f3;
};

/* --- GLOBAL VARIABLES --- */
static int8_t g_16 = (-1L);
static uint16_t g_18 = 65534UL;
static int32_t g_23 = 1L;
static int32_t *g_22 = &g_23;
static int32_t ** const  volatile g_21 = &g_22;/* VOLATILE GLOBAL g_21 */
static int8_t g_42 = 8L;
static int32_t **g_61 = &g_22;
static int32_t ***g_60 = &g_61;
static int32_t **** volatile g_59 = &g_60;/* VOLATILE GLOBAL g_59 */
static volatile int64_t g_63 = 0xD45AA775BEB379DELL;/* VOLATILE GLOBAL g_63 */
static volatile int64_t g_67 = 0x339852136032EE70LL;/* VOLATILE GLOBAL g_67 */
static int64_t g_69 = 0x8B3DEF23EAFAF4B0LL;
static volatile int16_t g_71[4] = {0xD9CDL,0xD9CDL,0xD9CDL,0xD9CDL};
static volatile uint16_t g_77 = 0xF15DL;/* VOLATILE GLOBAL g_77 */
static union U3 g_80 = {0x516CEA6EL};/* VOLATILE GLOBAL g_80 */
static struct S0 g_88[4] = {{2,6,-18,-3},{2,6,-18,-3},{2,6,-18,-3},{2,6,-18,-3}};
static union U1 ** volatile g_91 = (void*)0;/* VOLATILE GLOBAL g_91 */
static union U1 g_94 = {4294967288UL};
static union U1 *g_93 = &g_94;
static union U1 ** volatile g_92 = &g_93;/* VOLATILE GLOBAL g_92 */
static const union U3 *g_114 = &g_80;
static union U2 g_117 = {-7L};/* VOLATILE GLOBAL g_117 */
static uint8_t g_123 = 0UL;
static volatile struct S0 g_130 = {1,3,-44,-10};/* VOLATILE GLOBAL g_130 */
static union U3 g_143[1] = {{1UL}};
static union U3 g_144[3][2] = {{{4294967295UL},{0x3C02C40AL}},{{0x3C02C40AL},{4294967295UL}},{{0x3C02C40AL},{0x3C02C40AL}}};
static int8_t *g_145 = (void*)0;
static volatile uint8_t g_147 = 0x87L;/* VOLATILE GLOBAL g_147 */
static union U1 **g_171 = (void*)0;
static union U1 *** volatile g_170[1] = {&g_171};
static union U1 *** volatile g_172 = &g_171;/* VOLATILE GLOBAL g_172 */
static volatile uint8_t g_173 = 3UL;/* VOLATILE GLOBAL g_173 */
static const int8_t g_178 = 6L;
static const int8_t g_180 = 1L;
static int32_t g_183 = 0x09B1F240L;
static volatile uint64_t g_193 = 0UL;/* VOLATILE GLOBAL g_193 */
static volatile union U3 g_196 = {3UL};/* VOLATILE GLOBAL g_196 */
static struct S0 g_197[3][4] = {{{3,12,-18,21},{3,12,-18,21},{3,12,-18,21},{3,12,-18,21}},{{3,12,-18,21},{3,12,-18,21},{3,12,-18,21},{3,12,-18,21}},{{3,12,-18,21},{3,12,-18,21},{3,12,-18,21},{3,12,-18,21}}};
static struct S0 *g_215 = &g_88[3];
static struct S0 ** volatile g_214 = &g_215;/* VOLATILE GLOBAL g_214 */
static int32_t * volatile g_216 = &g_23;/* VOLATILE GLOBAL g_216 */
static struct S0 ** volatile g_224 = &g_215;/* VOLATILE GLOBAL g_224 */
static volatile struct S0 g_225 = {-2,2,32,-19};/* VOLATILE GLOBAL g_225 */
static struct S0 g_226 = {-1,15,-15,23};/* VOLATILE GLOBAL g_226 */


/* --- FORWARD DECLARATIONS --- */
static const uint8_t  func_1(void);
static const int8_t * func_10(int64_t  p_11, int8_t * p_12);
static union U3  func_13(uint16_t  p_14);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_21 g_23 g_22 g_16 g_18 g_42 g_59 g_77 g_80 g_69 g_61 g_88 g_92 g_80.f2 g_94.f0 g_71 g_60 g_117 g_117.f2 g_130 g_123 g_117.f0 g_143 g_144 g_145 g_147 g_143.f1 g_143.f0 g_63 g_143.f2 g_172 g_173 g_80.f1 g_183 g_193 g_196 g_197 g_67 g_196.f0 g_214 g_216 g_224 g_225 g_215 g_144.f1
 * writes: g_22 g_23 g_16 g_42 g_18 g_60 g_77 g_69 g_93 g_114 g_123 g_130 g_147 g_88.f3 g_171 g_173 g_183 g_193 g_88 g_94.f0 g_215 g_226
 */
static const uint8_t  func_1(void)
{ /* block id: 0 */
    uint32_t l_2[2][3] = {{0x9CF30836L,0x9CF30836L,7UL},{0x9CF30836L,0x9CF30836L,7UL}};
    const int8_t *l_179 = &g_180;
    int32_t l_184 = 0xE8ABCFB1L;
    int32_t l_188 = 0x4AF0A9B8L;
    int32_t l_189 = 0xAB24A638L;
    int32_t l_190 = 1L;
    int32_t l_191 = 1L;
    int32_t l_192[4] = {0L,0L,0L,0L};
    union U1 l_220 = {6UL};
    int i, j;
    if ((0xF1L || l_2[1][2]))
    { /* block id: 1 */
        int8_t *l_15 = &g_16;
        uint16_t *l_17[2];
        int32_t l_19[4][2] = {{0x11E043EEL,1L},{0x11E043EEL,0x11E043EEL},{1L,0x11E043EEL},{0x11E043EEL,1L}};
        const int8_t *l_177 = &g_178;
        const int8_t **l_176[2][1];
        int32_t *l_181 = (void*)0;
        int32_t *l_182 = &g_183;
        int32_t *l_185 = &l_19[1][0];
        int32_t *l_186 = (void*)0;
        int32_t *l_187[3];
        int i, j;
        for (i = 0; i < 2; i++)
            l_17[i] = &g_18;
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 1; j++)
                l_176[i][j] = &l_177;
        }
        for (i = 0; i < 3; i++)
            l_187[i] = &l_184;
        (*l_182) &= (safe_mul_func_uint16_t_u_u((safe_mul_func_uint8_t_u_u(l_2[0][1], (safe_add_func_uint16_t_u_u(((!1L) & ((l_179 = func_10(((func_13((l_19[1][1] = ((void*)0 != l_15))) , &g_16) == (void*)0), g_145)) == &g_180)), l_2[1][2])))), g_80.f1));
        g_193--;
        g_88[2] = (g_196 , g_197[1][2]);
        l_190 = ((*l_185) ^ g_67);
    }
    else
    { /* block id: 100 */
        int16_t l_212 = 0xE0BAL;
        for (g_18 = 25; (g_18 < 37); ++g_18)
        { /* block id: 103 */
            int32_t *l_200 = &g_183;
            (**g_60) = l_200;
            for (g_94.f0 = 22; (g_94.f0 < 52); g_94.f0 = safe_add_func_int16_t_s_s(g_94.f0, 8))
            { /* block id: 107 */
                int32_t l_211 = 6L;
                int32_t *l_213 = &l_192[3];
                (*l_213) |= (safe_sub_func_int32_t_s_s((0xD6C7L & (safe_lshift_func_int16_t_s_s((*l_200), 8))), (safe_lshift_func_uint8_t_u_s(((((l_190 , (safe_div_func_int16_t_s_s(((l_211 & l_188) == 0x343AL), l_212))) || g_183) ^ (-10L)) > l_211), l_190))));
                return g_196.f0;
            }
            (*g_214) = &g_197[1][2];
            if ((**g_61))
                break;
        }
        return g_130.f3;
    }
    (*g_216) = l_184;
    for (g_69 = 0; (g_69 <= 3); g_69 += 1)
    { /* block id: 119 */
        uint8_t l_221 = 0x3AL;
        int32_t *l_222 = &g_23;
        struct S0 **l_223 = (void*)0;
        int i;
        (*l_222) = (((g_197[1][2].f2 , ((safe_add_func_uint16_t_u_u(((l_192[2] , ((+g_197[1][2].f1) , l_220)) , g_143[0].f1), g_23)) & l_221)) | 254UL) != 1L);
        (*l_222) |= l_190;
        (*g_224) = &g_88[g_69];
        g_88[g_69] = g_225;
    }
    for (g_23 = 0; (g_23 >= 0); g_23 -= 1)
    { /* block id: 127 */
        g_226 = (*g_215);
        return g_117.f0;
    }
    return g_144[1][1].f1;
}


/* ------------------------------------------ */
/* 
 * reads : g_147 g_117 g_88.f3 g_143.f1 g_143.f0 g_63 g_143.f2 g_88.f1 g_42 g_69 g_172 g_173 g_23 g_18
 * writes: g_147 g_18 g_88.f3 g_42 g_69 g_171 g_173 g_23
 */
static const int8_t * func_10(int64_t  p_11, int8_t * p_12)
{ /* block id: 71 */
    int32_t *l_146[2];
    int i;
    for (i = 0; i < 2; i++)
        l_146[i] = (void*)0;
lbl_153:
    ++g_147;
    for (g_18 = 0; (g_18 != 20); g_18++)
    { /* block id: 75 */
        uint16_t l_152[3];
        int32_t l_158 = 0xBDE8087EL;
        int32_t l_161[2];
        int i;
        for (i = 0; i < 3; i++)
            l_152[i] = 0xC4BAL;
        for (i = 0; i < 2; i++)
            l_161[i] = 0L;
        g_88[3].f3 ^= (g_117 , (l_152[0] = (0x23L < p_11)));
        if (p_11)
            goto lbl_153;
        for (g_42 = 0; (g_42 != (-20)); g_42 = safe_sub_func_uint8_t_u_u(g_42, 5))
        { /* block id: 81 */
            int8_t l_160 = 0xC5L;
            for (g_69 = 24; (g_69 <= (-12)); g_69 = safe_sub_func_uint16_t_u_u(g_69, 7))
            { /* block id: 84 */
                l_158 &= p_11;
                l_161[0] &= (g_143[0].f1 != ((g_143[0].f0 & (((((+l_158) != (g_63 || 0x7A90L)) , &l_152[0]) == &g_18) | l_160)) < l_152[0]));
                l_161[0] = (safe_div_func_int32_t_s_s(((safe_div_func_uint16_t_u_u(((((p_12 != (void*)0) ^ (safe_mod_func_int8_t_s_s((-1L), (safe_rshift_func_int8_t_s_u(l_152[0], p_11))))) > 0x6BAAL) == p_11), g_147)) || 0L), l_160));
            }
        }
        (*g_172) = ((p_11 , (((((((l_161[0] & ((g_143[0].f2 && (((g_88[3].f1 < p_11) >= p_11) || 0xD75997CBL)) & g_88[3].f3)) , g_143[0].f0) ^ g_42) , (void*)0) != p_12) | g_69) , 0UL)) , &g_93);
    }
    ++g_173;
    g_23 |= 0x99347C11L;
    return &g_16;
}


/* ------------------------------------------ */
/* 
 * reads : g_21 g_23 g_22 g_18 g_42 g_16 g_59 g_77 g_80 g_61 g_69 g_88 g_92 g_80.f2 g_94.f0 g_71 g_60 g_117 g_117.f2 g_130 g_123 g_117.f0 g_143 g_144
 * writes: g_22 g_23 g_16 g_42 g_18 g_60 g_77 g_69 g_93 g_114 g_123 g_130
 */
static union U3  func_13(uint16_t  p_14)
{ /* block id: 3 */
    int32_t l_20[2];
    uint32_t l_49 = 0xB6367AFFL;
    int32_t **l_58[3][3] = {{&g_22,&g_22,&g_22},{&g_22,&g_22,&g_22},{&g_22,&g_22,&g_22}};
    int32_t ***l_57 = &l_58[2][0];
    union U1 *l_89[3];
    int i, j;
    for (i = 0; i < 2; i++)
        l_20[i] = 1L;
    for (i = 0; i < 3; i++)
        l_89[i] = (void*)0;
lbl_87:
    for (p_14 = 0; (p_14 <= 1); p_14 += 1)
    { /* block id: 6 */
        int i;
        (*g_21) = &l_20[p_14];
    }
    if ((safe_add_func_uint64_t_u_u((safe_rshift_func_int8_t_s_s(l_20[0], 2)), l_20[1])))
    { /* block id: 9 */
        int64_t l_32 = 0L;
        int32_t l_66 = 0x9FFDB42EL;
        int32_t l_68 = (-7L);
        int32_t l_72[1][2];
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 2; j++)
                l_72[i][j] = 0x1DF66360L;
        }
lbl_76:
        (*g_22) = ((g_23 , l_20[1]) < (safe_lshift_func_int16_t_s_u(((p_14 && ((safe_mul_func_uint8_t_u_u(g_23, l_20[1])) > p_14)) , l_32), 6)));
        for (g_16 = 0; (g_16 != 27); g_16 = safe_add_func_int64_t_s_s(g_16, 3))
        { /* block id: 13 */
            int8_t *l_41 = &g_42;
            int32_t l_47 = (-1L);
            uint16_t *l_48 = &g_18;
            int32_t l_70 = 0xD3BEAFE2L;
            (*g_22) = ((p_14 && (((*l_41) = ((safe_mod_func_int32_t_s_s(p_14, (safe_rshift_func_uint8_t_u_u(p_14, 2)))) && (safe_lshift_func_int8_t_s_s(((g_18 ^ g_18) == g_18), 5)))) , 0xF9F4AEC701401CEALL)) <= p_14);
            if ((safe_mod_func_uint16_t_u_u(0UL, ((p_14 != (safe_lshift_func_uint16_t_u_u(((*l_48) |= ((l_47 , p_14) | l_47)), g_42))) ^ l_49))))
            { /* block id: 17 */
                uint64_t l_50 = 0x8EEB303A67D625C2LL;
                int32_t l_62 = 0x997FBCB1L;
                int32_t l_64 = 0x510DDF4FL;
                int32_t l_65 = 0x03386B47L;
                uint16_t l_73 = 0x7922L;
                (*g_22) ^= (l_50 && (safe_mod_func_int8_t_s_s(g_16, ((((((g_16 <= (safe_rshift_func_uint8_t_u_s((safe_mul_func_int8_t_s_s(((void*)0 == &g_18), p_14)), g_42))) && l_50) | g_42) > p_14) && l_32) && g_16))));
                (*g_59) = l_57;
                l_73++;
                if (g_18)
                    goto lbl_76;
            }
            else
            { /* block id: 22 */
                g_77++;
                return g_80;
            }
            for (g_69 = 1; (g_69 >= 0); g_69 -= 1)
            { /* block id: 28 */
                int32_t l_86 = 0L;
                int i, j;
                if ((**g_61))
                    break;
                l_72[0][1] = (~(safe_add_func_int32_t_s_s((l_20[g_69] |= p_14), ((p_14 ^ (safe_lshift_func_uint8_t_u_u(((l_68 = (l_86 |= (0x54CDFF18L <= l_47))) != 0UL), l_47))) > p_14))));
                if (l_47)
                    goto lbl_87;
                if ((*g_22))
                    continue;
            }
        }
    }
    else
    { /* block id: 38 */
        union U1 **l_90 = (void*)0;
        (*g_92) = (g_88[3] , l_89[1]);
        if (g_80.f2)
            goto lbl_87;
    }
    for (p_14 = 19; (p_14 <= 60); p_14 = safe_add_func_uint32_t_u_u(p_14, 5))
    { /* block id: 44 */
        int32_t *l_110 = &l_20[0];
        int64_t *l_111[3][1];
        int32_t l_112 = (-1L);
        const union U3 *l_113 = &g_80;
        int i, j;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 1; j++)
                l_111[i][j] = &g_69;
        }
        (***g_60) ^= ((safe_sub_func_int16_t_s_s(((safe_div_func_int16_t_s_s((p_14 != 4L), g_94.f0)) , p_14), g_71[2])) & 1L);
        (*g_22) = (+p_14);
        if (((safe_mod_func_int16_t_s_s(((((*l_110) = (safe_lshift_func_uint8_t_u_u((safe_div_func_int64_t_s_s((l_112 ^= (safe_mod_func_int8_t_s_s((0L ^ (****g_59)), (((g_18 , ((void*)0 == l_110)) > 0x67L) ^ 1L)))), (-1L))), 3))) & 0xDBCCDF92L) , 0x08A1L), g_42)) ^ 0x57L))
        { /* block id: 49 */
            uint64_t l_126[2];
            const union U1 l_127 = {4UL};
            const int32_t **l_129[2];
            const int32_t ***l_128 = &l_129[0];
            int i;
            for (i = 0; i < 2; i++)
                l_126[i] = 0x5B6D64A7F71B9F05LL;
            for (i = 0; i < 2; i++)
                l_129[i] = (void*)0;
            g_114 = l_113;
            for (g_18 = 0; (g_18 >= 14); g_18++)
            { /* block id: 53 */
                uint8_t *l_122 = &g_123;
                volatile struct S0 *l_131 = &g_130;
                (*g_22) |= ((((g_117 , g_117.f2) != (safe_lshift_func_uint16_t_u_s((safe_rshift_func_uint8_t_u_u(((*l_122) = 251UL), 3)), 10))) || (safe_div_func_uint8_t_u_u((g_117 , 0x22L), 0x3EL))) < l_126[0]);
                if (p_14)
                    continue;
                (*l_131) = (l_127 , ((l_128 != (void*)0) , g_130));
            }
        }
        else
        { /* block id: 59 */
            const uint32_t l_137[1][4] = {{0x5A330EBAL,0x5A330EBAL,0x5A330EBAL,0x5A330EBAL}};
            int32_t l_140 = 1L;
            int i, j;
            (*g_22) = (safe_div_func_int16_t_s_s(((l_140 = (~(((void*)0 == &g_93) , (((safe_add_func_int16_t_s_s(l_137[0][0], (safe_mod_func_uint32_t_u_u(5UL, p_14)))) , g_123) == 0x2435984A90053317LL)))) < g_117.f0), p_14));
        }
    }
    for (g_23 = 0; (g_23 > (-17)); --g_23)
    { /* block id: 66 */
        if ((**g_61))
            break;
        return g_143[0];
    }
    return g_144[1][1];
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
    transparent_crc(g_16, "g_16", print_hash_value);
    transparent_crc(g_18, "g_18", print_hash_value);
    transparent_crc(g_23, "g_23", print_hash_value);
    transparent_crc(g_42, "g_42", print_hash_value);
    transparent_crc(g_63, "g_63", print_hash_value);
    transparent_crc(g_67, "g_67", print_hash_value);
    transparent_crc(g_69, "g_69", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_71[i], "g_71[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_77, "g_77", print_hash_value);
    transparent_crc(g_80.f0, "g_80.f0", print_hash_value);
    transparent_crc(g_80.f1, "g_80.f1", print_hash_value);
    transparent_crc(g_80.f2, "g_80.f2", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_88[i].f0, "g_88[i].f0", print_hash_value);
        transparent_crc(g_88[i].f1, "g_88[i].f1", print_hash_value);
        transparent_crc(g_88[i].f2, "g_88[i].f2", print_hash_value);
        transparent_crc(g_88[i].f3, "g_88[i].f3", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_94.f0, "g_94.f0", print_hash_value);
    transparent_crc(g_117.f0, "g_117.f0", print_hash_value);
    transparent_crc(g_117.f2, "g_117.f2", print_hash_value);
    transparent_crc(g_123, "g_123", print_hash_value);
    transparent_crc(g_130.f0, "g_130.f0", print_hash_value);
    transparent_crc(g_130.f1, "g_130.f1", print_hash_value);
    transparent_crc(g_130.f2, "g_130.f2", print_hash_value);
    transparent_crc(g_130.f3, "g_130.f3", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        transparent_crc(g_143[i].f0, "g_143[i].f0", print_hash_value);
        transparent_crc(g_143[i].f1, "g_143[i].f1", print_hash_value);
        transparent_crc(g_143[i].f2, "g_143[i].f2", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_144[i][j].f0, "g_144[i][j].f0", print_hash_value);
            transparent_crc(g_144[i][j].f1, "g_144[i][j].f1", print_hash_value);
            transparent_crc(g_144[i][j].f2, "g_144[i][j].f2", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_147, "g_147", print_hash_value);
    transparent_crc(g_173, "g_173", print_hash_value);
    transparent_crc(g_178, "g_178", print_hash_value);
    transparent_crc(g_180, "g_180", print_hash_value);
    transparent_crc(g_183, "g_183", print_hash_value);
    transparent_crc(g_193, "g_193", print_hash_value);
    transparent_crc(g_196.f0, "g_196.f0", print_hash_value);
    transparent_crc(g_196.f1, "g_196.f1", print_hash_value);
    transparent_crc(g_196.f2, "g_196.f2", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_197[i][j].f0, "g_197[i][j].f0", print_hash_value);
            transparent_crc(g_197[i][j].f1, "g_197[i][j].f1", print_hash_value);
            transparent_crc(g_197[i][j].f2, "g_197[i][j].f2", print_hash_value);
            transparent_crc(g_197[i][j].f3, "g_197[i][j].f3", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_225.f0, "g_225.f0", print_hash_value);
    transparent_crc(g_225.f1, "g_225.f1", print_hash_value);
    transparent_crc(g_225.f2, "g_225.f2", print_hash_value);
    transparent_crc(g_225.f3, "g_225.f3", print_hash_value);
    transparent_crc(g_226.f0, "g_226.f0", print_hash_value);
    transparent_crc(g_226.f1, "g_226.f1", print_hash_value);
    transparent_crc(g_226.f2, "g_226.f2", print_hash_value);
    transparent_crc(g_226.f3, "g_226.f3", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 57
   depth: 1, occurrence: 5
XXX total union variables: 7

XXX non-zero bitfields defined in structs: 4
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 1
XXX structs with bitfields in the program: 5
breakdown:
   indirect level: 0, occurrence: 5
XXX full-bitfields structs in the program: 5
breakdown:
   indirect level: 0, occurrence: 5
XXX times a bitfields struct's address is taken: 4
XXX times a bitfields struct on LHS: 3
XXX times a bitfields struct on RHS: 6
XXX times a single bitfield on LHS: 1
XXX times a single bitfield on RHS: 5

XXX max expression depth: 15
breakdown:
   depth: 1, occurrence: 71
   depth: 2, occurrence: 17
   depth: 3, occurrence: 1
   depth: 4, occurrence: 2
   depth: 6, occurrence: 1
   depth: 8, occurrence: 2
   depth: 9, occurrence: 2
   depth: 10, occurrence: 4
   depth: 11, occurrence: 1
   depth: 12, occurrence: 2
   depth: 14, occurrence: 1
   depth: 15, occurrence: 2

XXX total number of pointers: 53

XXX times a variable address is taken: 47
XXX times a pointer is dereferenced on RHS: 8
breakdown:
   depth: 1, occurrence: 4
   depth: 2, occurrence: 3
   depth: 3, occurrence: 0
   depth: 4, occurrence: 1
XXX times a pointer is dereferenced on LHS: 24
breakdown:
   depth: 1, occurrence: 22
   depth: 2, occurrence: 1
   depth: 3, occurrence: 1
XXX times a pointer is compared with null: 6
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 528

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 65
   level: 2, occurrence: 24
   level: 3, occurrence: 8
   level: 4, occurrence: 2
XXX number of pointers point to pointers: 18
XXX number of pointers point to scalars: 29
XXX number of pointers point to structs: 2
XXX percent of pointers has null in alias set: 22.6
XXX average alias set size: 1.17

XXX times a non-volatile is read: 147
XXX times a non-volatile is write: 76
XXX times a volatile is read: 13
XXX    times read thru a pointer: 0
XXX times a volatile is write: 12
XXX    times written thru a pointer: 1
XXX times a volatile is available for access: 328
XXX percentage of non-volatile access: 89.9

XXX forward jumps: 0
XXX backward jumps: 4

XXX stmts: 70
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 15
   depth: 1, occurrence: 26
   depth: 2, occurrence: 11
   depth: 3, occurrence: 18

XXX percentage a fresh-made variable is used: 23.4
XXX percentage an existing variable is used: 76.6
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

