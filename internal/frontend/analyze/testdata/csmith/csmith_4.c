/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 4 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_4.c
 * Seed:      4
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
#pragma pack(push)
#pragma pack(1)
struct S0 {
   volatile uint32_t  f0;
   volatile int8_t  f1;
   unsigned f2 : 8;
};
#pragma pack(pop)

/* --- GLOBAL VARIABLES --- */
static int32_t g_2[2] = {0x6DB50520L,0x6DB50520L};
static uint32_t g_21 = 5UL;
static struct S0 g_25 = {0x380EE91BL,0x6EL,1};/* VOLATILE GLOBAL g_25 */
static int32_t g_28 = (-1L);
static volatile uint32_t g_36 = 0xF4ACA62EL;/* VOLATILE GLOBAL g_36 */
static volatile int8_t g_50 = 0x7FL;/* VOLATILE GLOBAL g_50 */
static int8_t g_52 = (-1L);
static volatile int32_t g_53[2] = {0L,0L};
static int32_t ** volatile g_57 = (void*)0;/* VOLATILE GLOBAL g_57 */
static int32_t *g_59 = &g_2[0];
static int32_t ** volatile g_58[2][2] = {{&g_59,&g_59},{&g_59,&g_59}};
static int32_t ** volatile g_61 = &g_59;/* VOLATILE GLOBAL g_61 */
static struct S0 g_62[3][1] = {{{4294967287UL,0L,6}},{{4294967287UL,0L,6}},{{4294967287UL,0L,6}}};
static struct S0 g_63 = {0UL,0xD5L,13};/* VOLATILE GLOBAL g_63 */
static struct S0 *g_70 = &g_25;
static uint32_t g_88 = 0x96E341DAL;
static int32_t ** volatile g_90[4] = {(void*)0,(void*)0,(void*)0,(void*)0};
static int32_t ** volatile g_91 = &g_59;/* VOLATILE GLOBAL g_91 */
static const int32_t *g_97 = &g_2[1];
static const int32_t **g_96[2] = {&g_97,&g_97};
static int32_t * const *g_133 = &g_59;
static int32_t * const ** volatile g_132 = &g_133;/* VOLATILE GLOBAL g_132 */
static uint8_t g_141 = 0x9BL;


/* --- FORWARD DECLARATIONS --- */
static const uint16_t  func_1(void);
static int32_t * func_5(int32_t * p_6, int64_t  p_7, uint16_t  p_8, uint32_t  p_9, uint16_t  p_10);
static struct S0  func_11(int32_t * p_12, const int32_t  p_13, const int32_t * p_14, int32_t * p_15);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_2 g_25 g_36 g_61 g_62 g_63 g_28 g_52 g_50 g_53 g_59 g_91 g_96 g_132 g_141
 * writes: g_2 g_21 g_25 g_36 g_59 g_63 g_70 g_88 g_96 g_28 g_133 g_141
 */
static const uint16_t  func_1(void)
{ /* block id: 0 */
    uint32_t l_64 = 8UL;
    int32_t l_99[2][1];
    int8_t l_113 = 0x3EL;
    uint32_t l_117 = 0xF7B83498L;
    const int16_t l_146 = 0x45ACL;
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 1; j++)
            l_99[i][j] = 0xD5BCCF1AL;
    }
    for (g_2[0] = (-17); (g_2[0] == (-20)); g_2[0] = safe_sub_func_int64_t_s_s(g_2[0], 1))
    { /* block id: 3 */
        uint32_t *l_20[4][2] = {{&g_21,(void*)0},{&g_21,(void*)0},{&g_21,(void*)0},{&g_21,(void*)0}};
        int32_t l_22 = (-2L);
        uint32_t l_106 = 0xE08C8AB5L;
        int32_t l_112 = 0x92C6C47EL;
        int32_t l_114 = 1L;
        int32_t l_115 = 1L;
        int8_t l_116[1];
        uint32_t l_127[2][2];
        uint8_t *l_140 = &g_141;
        struct S0 **l_144[1][1];
        int32_t *l_145 = &l_112;
        int i, j;
        for (i = 0; i < 1; i++)
            l_116[i] = 1L;
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 2; j++)
                l_127[i][j] = 0xE58D0190L;
        }
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 1; j++)
                l_144[i][j] = (void*)0;
        }
        (*g_91) = func_5(((func_11(&g_2[0], (safe_mod_func_int16_t_s_s((safe_sub_func_int8_t_s_s((-1L), (((0xEDADE0980DB959C4LL == ((g_21 = 5UL) , 0x1CE3CB5AF9F7C8B1LL)) <= l_22) , g_2[1]))), g_2[1])), &g_2[0], &g_2[0]) , 0L) , (void*)0), l_64, g_28, g_63.f2, g_63.f2);
        if (l_64)
        { /* block id: 38 */
            const uint32_t l_94 = 4294967291UL;
            int32_t *l_95[1][2];
            const int32_t ***l_98 = &g_96[0];
            int i, j;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 2; j++)
                    l_95[i][j] = &l_22;
            }
            for (g_88 = 0; (g_88 != 22); g_88 = safe_add_func_int32_t_s_s(g_88, 1))
            { /* block id: 41 */
                return l_94;
            }
            l_22 = l_94;
            l_99[0][0] = (((*l_98) = g_96[0]) == &g_59);
            g_28 &= (((safe_sub_func_int64_t_s_s(((safe_sub_func_uint8_t_u_u((l_99[0][0] < ((safe_sub_func_int8_t_s_s((&l_99[0][0] == (l_64 , (*g_61))), l_22)) ^ l_106)), 0xE0L)) != l_99[0][0]), 8UL)) > l_64) != 0xFAL);
        }
        else
        { /* block id: 48 */
            int64_t l_110 = 0x8BF4733EF3A8CD93LL;
            int32_t l_111[2];
            int32_t *l_120 = &l_99[0][0];
            int8_t l_128 = 0x71L;
            int32_t *l_129 = (void*)0;
            int32_t *l_130 = &l_114;
            int32_t * const * const l_131 = &l_129;
            int i;
            for (i = 0; i < 2; i++)
                l_111[i] = 0x116CE8D7L;
            for (g_21 = 0; (g_21 >= 9); g_21 = safe_add_func_int64_t_s_s(g_21, 3))
            { /* block id: 51 */
                int32_t *l_109[1];
                int i;
                for (i = 0; i < 1; i++)
                    l_109[i] = &l_99[0][0];
                ++l_117;
            }
            (*l_120) &= l_117;
            (*l_130) &= (l_22 = (l_128 &= ((*l_120) = (safe_rshift_func_int16_t_s_u((-6L), (0x52L | (safe_lshift_func_int8_t_s_s((safe_div_func_int32_t_s_s(l_127[0][1], (l_99[0][0] ^ 1UL))), g_63.f0))))))));
            for (g_28 = 0; (g_28 >= 0); g_28 -= 1)
            { /* block id: 61 */
                (*g_132) = l_131;
                if (l_64)
                    break;
            }
        }
        (*l_145) = (safe_rshift_func_uint16_t_u_u((safe_rshift_func_uint8_t_u_s((safe_mul_func_uint8_t_u_u(((*l_140)++), ((g_70 = (void*)0) == &g_63))), 4)), 9));
    }
    return l_146;
}


/* ------------------------------------------ */
/* 
 * reads : g_52 g_25 g_36 g_61 g_62 g_63 g_50 g_53 g_59
 * writes: g_21 g_25 g_36 g_59 g_63 g_70 g_88
 */
static int32_t * func_5(int32_t * p_6, int64_t  p_7, uint16_t  p_8, uint32_t  p_9, uint16_t  p_10)
{ /* block id: 20 */
    int32_t *l_65[4] = {&g_2[0],&g_2[0],&g_2[0],&g_2[0]};
    struct S0 *l_66[4] = {&g_25,&g_25,&g_25,&g_25};
    struct S0 **l_69[3];
    int32_t **l_71 = &g_59;
    uint8_t l_86[4];
    int i;
    for (i = 0; i < 3; i++)
        l_69[i] = (void*)0;
    for (i = 0; i < 4; i++)
        l_86[i] = 0xE0L;
    g_63 = func_11(p_6, g_52, p_6, l_65[0]);
    (*l_71) = (p_7 , ((((void*)0 == &p_6) , (((safe_div_func_uint16_t_u_u(((g_70 = l_66[3]) == &g_62[1][0]), g_50)) < g_52) , g_53[1])) , (void*)0));
    for (p_10 = (-13); (p_10 > 13); p_10++)
    { /* block id: 26 */
        uint32_t l_74 = 0xD3ABBA7FL;
        uint32_t *l_87 = &g_88;
        int32_t l_89 = 0x60493B4FL;
        --l_74;
        for (l_74 = 0; (l_74 != 28); l_74 = safe_add_func_int32_t_s_s(l_74, 7))
        { /* block id: 30 */
            return p_6;
        }
        l_89 ^= (safe_div_func_int32_t_s_s((safe_lshift_func_uint16_t_u_s((!(p_10 , p_8)), 10)), ((*l_87) = (safe_add_func_uint16_t_u_u((l_86[1] & ((p_7 == 0x9BD3B10D6F689573LL) && 0x84C5L)), 0x37B1L)))));
    }
    return (*l_71);
}


/* ------------------------------------------ */
/* 
 * reads : g_21 g_25 g_36 g_61 g_62 g_63
 * writes: g_21 g_25 g_36 g_59
 */
static struct S0  func_11(int32_t * p_12, const int32_t  p_13, const int32_t * p_14, int32_t * p_15)
{ /* block id: 5 */
    int16_t l_33 = 0x79BDL;
    int32_t l_35[4] = {0xD88C83B9L,0xD88C83B9L,0xD88C83B9L,0xD88C83B9L};
    int32_t *l_39 = &g_28;
    int32_t *l_40 = &l_35[3];
    int32_t *l_41 = (void*)0;
    int32_t *l_42 = (void*)0;
    int32_t *l_43 = &l_35[1];
    int32_t *l_44 = &l_35[1];
    int32_t *l_45 = &l_35[0];
    int32_t *l_46 = &g_28;
    int32_t *l_47 = &l_35[3];
    int32_t *l_48 = &g_28;
    int32_t *l_49[2][4];
    int32_t l_51 = 0x01006516L;
    uint32_t l_54[1][1];
    int32_t **l_60 = (void*)0;
    int i, j;
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 4; j++)
            l_49[i][j] = &g_28;
    }
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 1; j++)
            l_54[i][j] = 1UL;
    }
    for (g_21 = 0; (g_21 >= 39); ++g_21)
    { /* block id: 8 */
        struct S0 *l_26 = &g_25;
        int32_t *l_27 = &g_28;
        int32_t *l_29 = &g_28;
        int32_t *l_30 = &g_28;
        int32_t *l_31 = &g_28;
        int32_t *l_32[1][4];
        int64_t l_34 = 0x51FD9AB8A87EA82BLL;
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 4; j++)
                l_32[i][j] = &g_28;
        }
        (*l_26) = g_25;
        g_36++;
    }
    ++l_54[0][0];
    (*g_61) = &l_51;
    for (l_51 = 3; (l_51 >= 0); l_51 -= 1)
    { /* block id: 16 */
        return g_62[1][0];
    }
    return g_63;
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
        transparent_crc(g_2[i], "g_2[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_21, "g_21", print_hash_value);
    transparent_crc(g_25.f0, "g_25.f0", print_hash_value);
    transparent_crc(g_25.f1, "g_25.f1", print_hash_value);
    transparent_crc(g_25.f2, "g_25.f2", print_hash_value);
    transparent_crc(g_28, "g_28", print_hash_value);
    transparent_crc(g_36, "g_36", print_hash_value);
    transparent_crc(g_50, "g_50", print_hash_value);
    transparent_crc(g_52, "g_52", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        transparent_crc(g_53[i], "g_53[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 1; j++)
        {
            transparent_crc(g_62[i][j].f0, "g_62[i][j].f0", print_hash_value);
            transparent_crc(g_62[i][j].f1, "g_62[i][j].f1", print_hash_value);
            transparent_crc(g_62[i][j].f2, "g_62[i][j].f2", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_63.f0, "g_63.f0", print_hash_value);
    transparent_crc(g_63.f1, "g_63.f1", print_hash_value);
    transparent_crc(g_63.f2, "g_63.f2", print_hash_value);
    transparent_crc(g_88, "g_88", print_hash_value);
    transparent_crc(g_141, "g_141", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 32
   depth: 1, occurrence: 3
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 1
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 4
breakdown:
   indirect level: 0, occurrence: 3
   indirect level: 1, occurrence: 1
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 5
XXX times a bitfields struct on LHS: 1
XXX times a bitfields struct on RHS: 5
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 2

XXX max expression depth: 19
breakdown:
   depth: 1, occurrence: 34
   depth: 2, occurrence: 8
   depth: 3, occurrence: 1
   depth: 5, occurrence: 1
   depth: 7, occurrence: 1
   depth: 9, occurrence: 2
   depth: 10, occurrence: 1
   depth: 11, occurrence: 1
   depth: 19, occurrence: 1

XXX total number of pointers: 50

XXX times a variable address is taken: 50
XXX times a pointer is dereferenced on RHS: 2
breakdown:
   depth: 1, occurrence: 2
XXX times a pointer is dereferenced on LHS: 12
breakdown:
   depth: 1, occurrence: 12
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 553

XXX max dereference level: 2
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 43
   level: 2, occurrence: 6
XXX number of pointers point to pointers: 14
XXX number of pointers point to scalars: 33
XXX number of pointers point to structs: 3
XXX percent of pointers has null in alias set: 32
XXX average alias set size: 1.26

XXX times a non-volatile is read: 53
XXX times a non-volatile is write: 42
XXX times a volatile is read: 5
XXX    times read thru a pointer: 0
XXX times a volatile is write: 4
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 580
XXX percentage of non-volatile access: 91.3

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 33
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 11
   depth: 1, occurrence: 9
   depth: 2, occurrence: 9
   depth: 3, occurrence: 4

XXX percentage a fresh-made variable is used: 17.1
XXX percentage an existing variable is used: 82.9
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

