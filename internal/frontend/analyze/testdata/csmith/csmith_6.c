/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 6 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_6.c
 * Seed:      6
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static int32_t g_8 = (-1L);
static volatile int8_t g_11 = 0xF3L;/* VOLATILE GLOBAL g_11 */
static uint8_t g_13[2][1] = {{0x64L},{0x64L}};
static volatile int32_t g_18 = 0x7104272BL;/* VOLATILE GLOBAL g_18 */
static int32_t g_19 = (-1L);
static int32_t *g_48 = (void*)0;
static int32_t **g_47 = &g_48;
static uint64_t g_52 = 0UL;
static uint64_t g_54 = 0UL;
static uint64_t g_64 = 0x6E8CFB996340C09CLL;
static int8_t g_66 = (-10L);
static int8_t g_86 = 0xD6L;
static volatile int32_t g_88 = (-1L);/* VOLATILE GLOBAL g_88 */
static int32_t g_90 = (-1L);
static uint16_t g_92[3] = {1UL,1UL,1UL};
static volatile int16_t g_96 = 0x3697L;/* VOLATILE GLOBAL g_96 */
static volatile int16_t * volatile g_95 = &g_96;/* VOLATILE GLOBAL g_95 */
static int8_t g_105 = 0L;
static uint64_t *g_110 = &g_52;
static uint64_t **g_109 = &g_110;
static int32_t ** volatile g_112 = (void*)0;/* VOLATILE GLOBAL g_112 */
static int32_t g_119 = 0x8A5E38B9L;
static int32_t g_143 = 0x6E4DE629L;
static volatile uint32_t g_145 = 1UL;/* VOLATILE GLOBAL g_145 */
static int16_t g_151 = (-4L);
static int16_t *g_150[2][2] = {{&g_151,&g_151},{&g_151,&g_151}};
static volatile int64_t g_160 = 1L;/* VOLATILE GLOBAL g_160 */
static int32_t g_161 = (-1L);
static volatile uint32_t g_163 = 0UL;/* VOLATILE GLOBAL g_163 */
static int16_t **g_261 = &g_150[0][1];
static int16_t ***g_260[1][4] = {{(void*)0,(void*)0,(void*)0,(void*)0}};
static int16_t **** volatile g_259 = &g_260[0][0];/* VOLATILE GLOBAL g_259 */
static volatile uint64_t g_270 = 1UL;/* VOLATILE GLOBAL g_270 */
static volatile uint16_t g_274 = 0UL;/* VOLATILE GLOBAL g_274 */


/* --- FORWARD DECLARATIONS --- */
static uint8_t  func_1(void);
static int32_t ** func_26(int32_t * p_27, int32_t * p_28, int64_t  p_29);
static int32_t * func_30(const uint8_t  p_31, uint64_t  p_32, int32_t ** p_33, int32_t * p_34, uint32_t  p_35);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_13 g_8 g_19 g_109 g_110 g_52 g_105 g_151 g_161
 * writes: g_8 g_13 g_19 g_105 g_161
 */
static uint8_t  func_1(void)
{ /* block id: 0 */
    uint8_t l_2 = 250UL;
    int32_t l_7[1];
    int32_t l_287 = 0xE4ACED05L;
    int i;
    for (i = 0; i < 1; i++)
        l_7[i] = 1L;
lbl_25:
    l_2++;
    for (l_2 = 27; (l_2 != 33); l_2++)
    { /* block id: 4 */
        int32_t *l_9 = &l_7[0];
        int32_t *l_10 = &g_8;
        int32_t *l_12[3][1];
        const int32_t l_293 = (-1L);
        int i, j;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 1; j++)
                l_12[i][j] = &g_8;
        }
        for (g_8 = 0; g_8 < 1; g_8 += 1)
        {
            l_7[g_8] = 1L;
        }
        g_13[1][0]++;
        for (g_8 = 26; (g_8 != 5); g_8 = safe_sub_func_int32_t_s_s(g_8, 7))
        { /* block id: 9 */
            uint16_t l_22 = 65535UL;
            uint32_t l_46 = 4294967295UL;
            uint32_t *l_286[1];
            uint32_t l_294 = 0xB6C39EAFL;
            int32_t l_305 = (-2L);
            int8_t l_306 = 0x6CL;
            int i;
            for (i = 0; i < 1; i++)
                l_286[i] = (void*)0;
            for (g_19 = 0; (g_19 < 24); ++g_19)
            { /* block id: 12 */
                l_22--;
                if (l_2)
                    goto lbl_25;
            }
            l_294 = ((l_287 |= l_7[0]) & (!((safe_add_func_uint64_t_u_u((safe_sub_func_uint64_t_u_u((**g_109), ((((*l_9) <= ((*g_110) < 1UL)) == 0UL) < 0L))), (*g_110))) , l_293)));
            for (g_105 = 0; (g_105 <= 29); g_105 = safe_add_func_int16_t_s_s(g_105, 5))
            { /* block id: 160 */
                int8_t l_299 = 0x5BL;
                (*l_9) = ((safe_add_func_int8_t_s_s(((void*)0 == &g_110), (1L > g_151))) , l_299);
            }
            for (g_105 = 0; (g_105 >= 0); g_105 -= 1)
            { /* block id: 165 */
                uint64_t l_307 = 18446744073709551609UL;
                int i, j;
                g_161 = ((*l_9) = (l_305 |= (((((safe_mod_func_uint8_t_u_u((safe_lshift_func_int8_t_s_u(0xC7L, 3)), g_13[(g_105 + 1)][g_105])) , (safe_unary_minus_func_uint8_t_u(((0x04L || (&g_260[g_105][(g_105 + 1)] == (void*)0)) , l_7[0])))) > (*l_10)) | g_13[(g_105 + 1)][g_105]) , g_13[(g_105 + 1)][g_105])));
                if ((*l_10))
                    continue;
                (*l_9) = l_294;
                --l_307;
            }
        }
    }
    return g_161;
}


/* ------------------------------------------ */
/* 
 * reads : g_86 g_145 g_150 g_119 g_143 g_19 g_47 g_163 g_110 g_52 g_105 g_18 g_92 g_160 g_151 g_13 g_66 g_161 g_259 g_270 g_274
 * writes: g_86 g_145 g_150 g_48 g_163 g_105 g_47 g_119 g_161 g_66 g_52 g_18 g_64 g_260 g_270 g_274
 */
static int32_t ** func_26(int32_t * p_27, int32_t * p_28, int64_t  p_29)
{ /* block id: 47 */
    int32_t l_130 = 0x5E43F789L;
    int32_t l_144 = 0xB113692CL;
    const uint64_t *l_155 = &g_54;
    int32_t **l_159[3];
    uint8_t l_216[4][1] = {{0x29L},{7UL},{0x29L},{7UL}};
    int16_t **l_258[2][1];
    int16_t *** const l_257 = &l_258[0][0];
    int8_t l_277 = (-1L);
    int i, j;
    for (i = 0; i < 3; i++)
        l_159[i] = &g_48;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_258[i][j] = &g_150[0][1];
    }
    for (g_86 = 0; (g_86 > 12); g_86 = safe_add_func_uint64_t_u_u(g_86, 4))
    { /* block id: 50 */
        int32_t l_116 = 0x63CFC517L;
        int32_t *l_117 = (void*)0;
        int32_t *l_118 = &g_119;
        int32_t *l_120 = &g_119;
        int32_t *l_121 = &g_119;
        int32_t *l_122 = &g_119;
        int32_t *l_123 = &g_119;
        int32_t *l_124 = &g_119;
        int32_t *l_125 = &g_119;
        int32_t *l_126 = (void*)0;
        int32_t *l_127 = &g_119;
        int32_t *l_128 = &g_119;
        int32_t *l_129 = (void*)0;
        int32_t *l_131 = (void*)0;
        int32_t *l_132 = &l_130;
        int32_t *l_133 = &g_119;
        int32_t *l_134 = (void*)0;
        int32_t l_135 = (-4L);
        int32_t *l_136 = &g_119;
        int32_t *l_137 = (void*)0;
        int32_t *l_138 = &l_130;
        int32_t *l_139 = &g_119;
        int32_t *l_140 = &l_130;
        int32_t *l_141 = &l_135;
        int32_t *l_142[1];
        int16_t **l_152[4];
        uint64_t **l_158 = &g_110;
        int32_t **l_169 = &l_126;
        int8_t l_187 = (-1L);
        int32_t *l_189 = (void*)0;
        int16_t l_206[2];
        int i;
        for (i = 0; i < 1; i++)
            l_142[i] = (void*)0;
        for (i = 0; i < 4; i++)
            l_152[i] = (void*)0;
        for (i = 0; i < 2; i++)
            l_206[i] = (-1L);
        ++g_145;
        if ((((safe_add_func_uint32_t_u_u(((((*l_141) = ((p_29 == ((g_150[0][1] = g_150[0][1]) != (void*)0)) != ((*l_123) <= l_130))) , (*l_132)) & g_143), g_19)) > (*l_121)) | p_29))
        { /* block id: 54 */
            uint8_t *l_156 = &g_13[0][0];
            int32_t *l_157 = &g_143;
            int32_t l_162 = 0L;
            (*g_47) = &l_144;
            if (((((void*)0 != &g_13[1][0]) == (l_158 != &g_110)) <= l_130))
            { /* block id: 58 */
                return &g_48;
            }
            else
            { /* block id: 60 */
                g_163--;
            }
            if ((*l_157))
                break;
        }
        else
        { /* block id: 64 */
            uint16_t l_186[1];
            int8_t *l_210 = &l_187;
            uint64_t *l_215 = &g_52;
            int i;
            for (i = 0; i < 1; i++)
                l_186[i] = 0xB85DL;
            for (g_105 = 0; (g_105 != (-6)); g_105 = safe_sub_func_uint64_t_u_u(g_105, 6))
            { /* block id: 67 */
                int32_t ***l_168[1][4];
                int i, j;
                for (i = 0; i < 1; i++)
                {
                    for (j = 0; j < 4; j++)
                        l_168[i][j] = &l_159[0];
                }
                (*l_136) = ((g_47 = &p_28) == (void*)0);
                l_169 = &g_48;
            }
            for (g_161 = (-23); (g_161 > (-9)); g_161 = safe_add_func_uint32_t_u_u(g_161, 4))
            { /* block id: 74 */
                int32_t l_179 = 1L;
                int8_t *l_184 = &g_105;
                const uint64_t *l_185 = (void*)0;
                int8_t *l_188[4][1];
                int16_t **l_205[3];
                int i, j;
                for (i = 0; i < 4; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_188[i][j] = &l_187;
                }
                for (i = 0; i < 3; i++)
                    l_205[i] = &g_150[0][0];
                (*l_140) = (safe_lshift_func_int8_t_s_s((g_66 = ((~(safe_mod_func_uint8_t_u_u(((safe_sub_func_uint64_t_u_u((*g_110), l_179)) , ((((((((safe_sub_func_int16_t_s_s(((*l_133) = p_29), (((((safe_add_func_int8_t_s_s(((*l_184) &= (p_29 < p_29)), g_18)) | 0x1C3CDCB43784C600LL) , (void*)0) != (void*)0) | (-1L)))) < p_29) , (*l_158)) == l_185) <= l_186[0]) < p_29) & p_29) || p_29)), p_29))) > l_187)), 6));
                (*g_47) = l_189;
                (*g_47) = p_27;
                (*l_132) &= ((((safe_unary_minus_func_uint16_t_u((((safe_div_func_uint8_t_u_u(((g_105 |= p_29) & ((safe_sub_func_int16_t_s_s((((safe_mul_func_int32_t_s_s(p_29, ((safe_mul_func_int16_t_s_s((safe_lshift_func_uint16_t_u_s((((safe_div_func_int32_t_s_s((g_92[2] < (((safe_mul_func_int16_t_s_s(l_179, p_29)) || g_160) == g_151)), p_29)) , (void*)0) != l_205[2]), p_29)), 65530UL)) != p_29))) < g_13[1][0]) & g_13[1][0]), p_29)) >= 1L)), p_29)) != g_66) <= l_186[0]))) || l_206[1]) <= g_119) ^ 1L);
            }
            (*l_138) &= ((l_186[0] && ((safe_mul_func_uint8_t_u_u(255UL, (((((((*l_125) = (((((*g_110) ^= ((+((*l_210) = 0L)) != ((safe_add_func_uint16_t_u_u(((safe_div_func_uint64_t_u_u((((void*)0 == l_215) ^ p_29), l_186[0])) == 18446744073709551610UL), l_186[0])) ^ p_29))) , 4UL) && p_29) < g_151)) == 0xCF41E0E3L) , p_29) , &g_150[0][1]) != l_152[0]) && 6UL))) > g_145)) , l_186[0]);
        }
    }
    if (l_216[0][0])
    { /* block id: 90 */
        int32_t l_218 = 0xFC518A76L;
        int16_t ** const l_219 = &g_150[0][1];
        int32_t ***l_225 = (void*)0;
        int32_t l_226 = 1L;
        const uint32_t l_235 = 0x19D5E563L;
        for (g_119 = 2; (g_119 >= 0); g_119 -= 1)
        { /* block id: 93 */
            const int32_t l_217 = 0x65824EB2L;
            int16_t **l_220 = &g_150[0][1];
            int32_t ***l_224[4];
            int32_t ****l_223 = &l_224[1];
            int i;
            for (i = 0; i < 4; i++)
                l_224[i] = &g_47;
            l_218 = l_217;
            l_226 &= ((l_219 == l_220) , (safe_sub_func_uint64_t_u_u((*g_110), ((((*l_223) = (void*)0) != l_225) <= 0xE4L))));
            l_226 |= (safe_add_func_int16_t_s_s(0x409FL, ((void*)0 != &g_66)));
            g_161 &= ((safe_div_func_int8_t_s_s((safe_div_func_uint8_t_u_u((safe_div_func_uint16_t_u_u(((((p_29 & g_66) , l_235) > 0x66E9L) && g_160), g_92[2])), 0x91L)), (-1L))) , p_29);
        }
    }
    else
    { /* block id: 100 */
        uint8_t l_249 = 0x86L;
        int32_t l_252 = 6L;
        int32_t l_269 = 0L;
        for (g_86 = 0; (g_86 != 0); g_86 = safe_add_func_uint16_t_u_u(g_86, 5))
        { /* block id: 103 */
            uint32_t l_238 = 0x9C18CBA6L;
            int32_t l_243[2][4] = {{0xEC7795BCL,0xC2940CFFL,0xEC7795BCL,0xC2940CFFL},{0xEC7795BCL,0xC2940CFFL,0xEC7795BCL,0xC2940CFFL}};
            int i, j;
            ++l_238;
            for (p_29 = (-14); (p_29 <= (-11)); p_29 = safe_add_func_int32_t_s_s(p_29, 9))
            { /* block id: 107 */
                uint8_t l_244 = 0xA6L;
                ++l_244;
            }
            l_252 &= ((safe_mul_func_uint8_t_u_u(l_249, p_29)) < ((*g_110) = (p_29 <= (safe_div_func_int8_t_s_s((0xB0L & l_249), l_249)))));
            for (l_144 = 0; (l_144 != 23); l_144++)
            { /* block id: 114 */
                g_18 = 0x4F445BDCL;
            }
        }
lbl_283:
        for (l_144 = 0; (l_144 <= 0); l_144 += 1)
        { /* block id: 120 */
            int64_t l_255[2];
            int32_t l_256 = 0x61C8C394L;
            int16_t ****l_265 = &g_260[0][0];
            uint64_t l_266 = 0x415AF54D6FE3569CLL;
            int32_t l_273[3];
            uint32_t l_278[3][3];
            int i, j;
            for (i = 0; i < 2; i++)
                l_255[i] = 0xE6DAE2C023DFF760LL;
            for (i = 0; i < 3; i++)
                l_273[i] = 0x906A75C1L;
            for (i = 0; i < 3; i++)
            {
                for (j = 0; j < 3; j++)
                    l_278[i][j] = 0UL;
            }
            for (g_64 = 0; (g_64 <= 0); g_64 += 1)
            { /* block id: 123 */
                l_252 = ((l_249 && p_29) != 0xE8L);
            }
            if ((l_256 = l_255[1]))
            { /* block id: 127 */
                int16_t ****l_264 = &g_260[0][0];
                (*g_259) = l_257;
                (*g_47) = &l_256;
                l_256 ^= (l_266 = (safe_lshift_func_int16_t_s_u(((l_264 != (p_29 , l_265)) <= 0x6368L), l_252)));
            }
            else
            { /* block id: 132 */
                int32_t l_267 = 0x1547D271L;
                int32_t l_268 = 0x6F43D2F3L;
                int i;
                ++g_270;
                ++g_274;
            }
            for (g_119 = 0; (g_119 <= 0); g_119 += 1)
            { /* block id: 138 */
                l_278[0][0]++;
            }
        }
        for (l_277 = 0; (l_277 >= (-4)); l_277 = safe_sub_func_uint32_t_u_u(l_277, 8))
        { /* block id: 144 */
            if (g_66)
                goto lbl_283;
        }
    }
    for (g_161 = 0; (g_161 > (-21)); g_161 = safe_sub_func_uint32_t_u_u(g_161, 3))
    { /* block id: 150 */
        g_18 ^= ((void*)0 != &g_47);
    }
    return &g_48;
}


/* ------------------------------------------ */
/* 
 * reads : g_13 g_64 g_19 g_47 g_48 g_18 g_54 g_8 g_66 g_92 g_95 g_11 g_88 g_105
 * writes: g_52 g_54 g_64 g_66 g_48 g_92 g_105 g_109
 */
static int32_t * func_30(const uint8_t  p_31, uint64_t  p_32, int32_t ** p_33, int32_t * p_34, uint32_t  p_35)
{ /* block id: 15 */
    int16_t *l_49[1][3];
    int32_t l_50 = 5L;
    uint64_t *l_51 = &g_52;
    uint64_t *l_53 = &g_54;
    int32_t l_62 = 0x97EE8C4BL;
    uint64_t *l_63[4][1] = {{&g_64},{&g_64},{&g_64},{&g_64}};
    int32_t *l_65[2];
    int32_t *l_111 = &l_62;
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
            l_49[i][j] = (void*)0;
    }
    for (i = 0; i < 2; i++)
        l_65[i] = &l_62;
    (*p_33) = (((((*l_53) = ((*l_51) = ((l_50 = 0x44FBL) & g_13[1][0]))) ^ (((g_66 = (((g_64 &= (p_35 && ((safe_add_func_int32_t_s_s((safe_add_func_int32_t_s_s(((+((safe_lshift_func_int8_t_s_u(p_35, 0)) != p_31)) && l_62), l_62)), l_62)) > (-1L)))) ^ g_13[1][0]) >= l_62)) & 0x60A95A2EL) && 18446744073709551606UL)) == g_19) , (*g_47));
    if (((((&p_32 == &g_52) < (safe_sub_func_int8_t_s_s(0x95L, (safe_mod_func_int16_t_s_s((!(((safe_sub_func_int8_t_s_s(8L, p_35)) , g_64) || 0x22C3E505CE5052DELL)), p_32))))) & g_13[0][0]) , 0x9FA00A4EL))
    { /* block id: 22 */
        uint32_t l_84[2][4] = {{0xEB44D538L,0xEB44D538L,0xEB44D538L,0xEB44D538L},{0xEB44D538L,0xEB44D538L,0xEB44D538L,0xEB44D538L}};
        int32_t l_85 = 0x360B9F0AL;
        int i, j;
        for (p_35 = 0; (p_35 <= 3); p_35 = safe_add_func_uint16_t_u_u(p_35, 5))
        { /* block id: 25 */
            return (*g_47);
        }
        if (((g_18 < (safe_mul_func_int8_t_s_s(((((safe_div_func_int32_t_s_s((safe_add_func_int16_t_s_s(0x105CL, (safe_add_func_int32_t_s_s((-7L), g_54)))), l_84[1][1])) | g_8) | g_66) || p_32), p_32))) || g_18))
        { /* block id: 28 */
            int8_t l_87 = 0x38L;
            int32_t l_89 = (-1L);
            int32_t l_91 = 0xA365B034L;
            g_92[2]++;
            return (*g_47);
        }
        else
        { /* block id: 31 */
            int64_t l_97 = 3L;
            int32_t *l_98 = &l_85;
            l_97 = (g_92[1] , (g_95 != (((l_84[1][1] , (-1L)) == 4294967294UL) , (void*)0)));
            (*p_33) = l_98;
        }
    }
    else
    { /* block id: 35 */
        int8_t l_99 = (-7L);
        int32_t *l_113[4][2] = {{&g_8,&g_8},{&g_8,&g_8},{&g_8,&g_8},{&g_8,&g_8}};
        int i, j;
        g_105 &= (((l_99 != (+g_11)) , (g_18 && (safe_div_func_uint32_t_u_u((safe_mod_func_int8_t_s_s((((void*)0 != &p_32) , g_88), g_13[1][0])), 0xAB18E11BL)))) < g_19);
        for (p_35 = 0; (p_35 <= 14); p_35 = safe_add_func_uint32_t_u_u(p_35, 1))
        { /* block id: 39 */
            uint64_t ** const l_108 = &l_63[1][0];
            g_109 = l_108;
        }
        l_113[0][1] = (l_111 = ((*p_33) = (*p_33)));
    }
    return p_34;
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
    transparent_crc(g_8, "g_8", print_hash_value);
    transparent_crc(g_11, "g_11", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_13[i][j], "g_13[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_18, "g_18", print_hash_value);
    transparent_crc(g_19, "g_19", print_hash_value);
    transparent_crc(g_52, "g_52", print_hash_value);
    transparent_crc(g_54, "g_54", print_hash_value);
    transparent_crc(g_64, "g_64", print_hash_value);
    transparent_crc(g_66, "g_66", print_hash_value);
    transparent_crc(g_86, "g_86", print_hash_value);
    transparent_crc(g_88, "g_88", print_hash_value);
    transparent_crc(g_90, "g_90", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        transparent_crc(g_92[i], "g_92[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_96, "g_96", print_hash_value);
    transparent_crc(g_105, "g_105", print_hash_value);
    transparent_crc(g_119, "g_119", print_hash_value);
    transparent_crc(g_143, "g_143", print_hash_value);
    transparent_crc(g_145, "g_145", print_hash_value);
    transparent_crc(g_151, "g_151", print_hash_value);
    transparent_crc(g_160, "g_160", print_hash_value);
    transparent_crc(g_161, "g_161", print_hash_value);
    transparent_crc(g_163, "g_163", print_hash_value);
    transparent_crc(g_270, "g_270", print_hash_value);
    transparent_crc(g_274, "g_274", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 85
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

XXX max expression depth: 24
breakdown:
   depth: 1, occurrence: 76
   depth: 2, occurrence: 21
   depth: 3, occurrence: 4
   depth: 5, occurrence: 2
   depth: 6, occurrence: 2
   depth: 7, occurrence: 2
   depth: 9, occurrence: 2
   depth: 10, occurrence: 3
   depth: 12, occurrence: 2
   depth: 21, occurrence: 1
   depth: 23, occurrence: 2
   depth: 24, occurrence: 1

XXX total number of pointers: 76

XXX times a variable address is taken: 75
XXX times a pointer is dereferenced on RHS: 20
breakdown:
   depth: 1, occurrence: 19
   depth: 2, occurrence: 1
XXX times a pointer is dereferenced on LHS: 27
breakdown:
   depth: 1, occurrence: 27
XXX times a pointer is compared with null: 8
XXX times a pointer is compared with address of another variable: 1
XXX times a pointer is compared with another pointer: 2
XXX times a pointer is qualified to be dereferenced: 841

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 147
   level: 2, occurrence: 33
   level: 3, occurrence: 0
   level: 4, occurrence: 4
XXX number of pointers point to pointers: 24
XXX number of pointers point to scalars: 52
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 30.3
XXX average alias set size: 1.28

XXX times a non-volatile is read: 192
XXX times a non-volatile is write: 106
XXX times a volatile is read: 12
XXX    times read thru a pointer: 0
XXX times a volatile is write: 8
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 173
XXX percentage of non-volatile access: 93.7

XXX forward jumps: 0
XXX backward jumps: 2

XXX stmts: 77
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 10
   depth: 1, occurrence: 15
   depth: 2, occurrence: 28
   depth: 3, occurrence: 24

XXX percentage a fresh-made variable is used: 19.8
XXX percentage an existing variable is used: 80.2
********************* end of statistics **********************/

