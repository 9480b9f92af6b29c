/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 10 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_10.c
 * Seed:      10
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static volatile uint16_t g_14 = 0UL;/* VOLATILE GLOBAL g_14 */
static uint8_t g_25 = 0xEDL;
static int8_t g_29 = 6L;
static int16_t g_31[2][2] = {{0xB560L,0xB560L},{0xB560L,0xB560L}};
static const int8_t g_42 = 0x61L;
static int32_t g_58 = (-1L);
static volatile int32_t g_72 = 0L;/* VOLATILE GLOBAL g_72 */
static volatile int32_t *g_71 = &g_72;
static int8_t *g_74 = &g_29;
static int8_t * const  volatile * volatile g_73[2] = {&g_74,&g_74};
static int8_t * const  volatile * volatile * volatile g_75[2] = {&g_73[1],&g_73[1]};
static int8_t * const  volatile * volatile * volatile g_76[4] = {&g_73[0],&g_73[0],&g_73[0],&g_73[0]};
static int8_t * const  volatile * volatile * volatile g_77[2][1] = {{&g_73[0]},{&g_73[0]}};


/* --- FORWARD DECLARATIONS --- */
static uint32_t  func_1(void);
static int32_t  func_2(int8_t  p_3);
static int16_t  func_11(int8_t  p_12, int64_t  p_13);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_14 g_25 g_42 g_29 g_31 g_58 g_73
 * writes: g_25 g_58 g_31 g_71 g_73
 */
static uint32_t  func_1(void)
{ /* block id: 0 */
    int32_t l_10 = 0x149CEC79L;
    int32_t l_26 = 1L;
    int8_t *l_27 = (void*)0;
    int8_t *l_28[3][2] = {{&g_29,&g_29},{&g_29,&g_29},{&g_29,&g_29}};
    int32_t l_30 = (-1L);
    int32_t *l_63 = &g_58;
    int32_t **l_70[3][4] = {{&l_63,&l_63,&l_63,&l_63},{&l_63,&l_63,&l_63,&l_63},{&l_63,&l_63,&l_63,&l_63}};
    int8_t * const  volatile * volatile *l_78 = &g_73[0];
    int i, j;
    (*l_63) = func_2((safe_sub_func_uint64_t_u_u(((safe_sub_func_int32_t_s_s(9L, ((safe_rshift_func_uint16_t_u_s(l_10, func_11((l_30 &= ((g_14 && ((safe_mod_func_int16_t_s_s((safe_sub_func_int16_t_s_s((l_26 = (safe_div_func_int16_t_s_s((safe_sub_func_int64_t_s_s((((safe_lshift_func_int8_t_s_s((g_14 ^ g_25), g_25)) ^ g_25) && g_14), l_10)), g_25))), l_10)), l_10)) <= 0xA82E77E8L)) & l_10)), l_10))) != g_25))) >= g_25), 3L)));
    g_71 = ((safe_mod_func_int16_t_s_s(g_29, ((safe_add_func_uint8_t_u_u(((((*l_63) & (safe_lshift_func_int16_t_s_s(1L, (0xA2468F5B79C14114LL | (*l_63))))) , (void*)0) != (void*)0), 1L)) , 0x29C6L))) , (void*)0);
    (*l_78) = ((g_58 ^ (*l_63)) , g_73[0]);
    return g_58;
}


/* ------------------------------------------ */
/* 
 * reads : g_25 g_42 g_29 g_31 g_58
 * writes: g_25 g_58 g_31
 */
static int32_t  func_2(int8_t  p_3)
{ /* block id: 5 */
    const int64_t l_55 = 0x96947A332A5B4D63LL;
    int32_t l_59 = 0x161E4171L;
    int32_t l_61 = 0L;
    int32_t l_62 = 0x86461D90L;
    for (g_25 = 0; (g_25 <= 1); g_25 += 1)
    { /* block id: 8 */
        int16_t l_56 = 0xEEDAL;
        int32_t *l_57[3][2];
        int16_t *l_60 = &l_56;
        int i, j;
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 2; j++)
                l_57[i][j] = &g_58;
        }
        l_61 &= (+(g_31[1][1] = (((*l_60) = ((l_59 = (g_58 = (((((safe_div_func_int16_t_s_s(((~(safe_mod_func_uint8_t_u_u((safe_rshift_func_uint16_t_u_s((safe_div_func_uint32_t_u_u((g_42 == ((safe_rshift_func_int16_t_s_s((safe_mul_func_uint8_t_u_u(((safe_rshift_func_uint16_t_u_s(((safe_mod_func_uint16_t_u_u((((safe_sub_func_int32_t_s_s(g_29, 0xAA2AAFA0L)) , ((safe_rshift_func_uint16_t_u_s(l_55, l_55)) != p_3)) && p_3), l_55)) , g_25), 9)) != l_55), l_55)), g_29)) & 18446744073709551615UL)), l_55)), p_3)), 0x02L))) < p_3), g_25)) || g_25) & p_3) < (-2L)) ^ l_56))) || 1L)) | p_3)));
        for (l_56 = 0; (l_56 <= 1); l_56 += 1)
        { /* block id: 16 */
            int i, j;
            if ((l_59 = (g_58 |= g_31[l_56][g_25])))
            { /* block id: 19 */
                return l_62;
            }
            else
            { /* block id: 21 */
                return g_58;
            }
        }
    }
    return l_55;
}


/* ------------------------------------------ */
/* 
 * reads :
 * writes:
 */
static int16_t  func_11(int8_t  p_12, int64_t  p_13)
{ /* block id: 3 */
    return p_12;
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
    transparent_crc(g_14, "g_14", print_hash_value);
    transparent_crc(g_25, "g_25", print_hash_value);
    transparent_crc(g_29, "g_29", print_hash_value);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
        {
            transparent_crc(g_31[i][j], "g_31[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_42, "g_42", print_hash_value);
    transparent_crc(g_58, "g_58", print_hash_value);
    transparent_crc(g_72, "g_72", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 13
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

XXX max expression depth: 29
breakdown:
   depth: 1, occurrence: 9
   depth: 2, occurrence: 2
   depth: 3, occurrence: 2
   depth: 10, occurrence: 1
   depth: 22, occurrence: 1
   depth: 29, occurrence: 1

XXX total number of pointers: 13

XXX times a variable address is taken: 17
XXX times a pointer is dereferenced on RHS: 3
breakdown:
   depth: 1, occurrence: 3
XXX times a pointer is dereferenced on LHS: 3
breakdown:
   depth: 1, occurrence: 3
XXX times a pointer is compared with null: 0
XXX times a pointer is compared with address of another variable: 0
XXX times a pointer is compared with another pointer: 0
XXX times a pointer is qualified to be dereferenced: 71

XXX max dereference level: 1
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 6
XXX number of pointers point to pointers: 6
XXX number of pointers point to scalars: 7
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 23.1
XXX average alias set size: 1.15

XXX times a non-volatile is read: 47
XXX times a non-volatile is write: 16
XXX times a volatile is read: 4
XXX    times read thru a pointer: 0
XXX times a volatile is write: 1
XXX    times written thru a pointer: 1
XXX times a volatile is available for access: 19
XXX percentage of non-volatile access: 92.6

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 12
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 7
   depth: 1, occurrence: 2
   depth: 2, occurrence: 1
   depth: 3, occurrence: 2

XXX percentage a fresh-made variable is used: 20.3
XXX percentage an existing variable is used: 79.7
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

