/**
 * A GraphQL document parsed within the limits that bound parsing itself, each checked as the lexer reaches
 * it, so a document beyond one is refused at the first token too many and the rest is never read: its
 * lexical tokens (GRAPHQL_MAX_TOKENS; comments count as many again), its aliases (GRAPHQL_MAX_ALIASES), and
 * how deep it nests braces, brackets and parentheses (as deep as a JSON body may nest: the parser, and
 * everything that walks what it gives, recurses once per level, on any thread's stack).
 * An alias is a name followed by a colon outside parentheses: inside them colons belong to arguments,
 * variable definitions and input objects. The aliases of every operation and fragment count, as NetBox's
 * limiter counts them (a fragment spread twice is counted again by limits.ts).
 */
import { GraphQLError, Lexer, parse, Source, TokenKind, type DocumentNode, type Token } from 'graphql';
import { MAX_JSON_DEPTH } from '../http/body.ts';

const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

export interface ParseLimits {
  /** 0: no limit */
  readonly maxTokens: number;
  readonly maxAliases: number;
}

/** The error of a limit passed at `token`, with its location in the document. */
function beyond(source: Source, token: Token, message: string): GraphQLError {
  return new GraphQLError(message, { source, positions: [token.start] });
}

class LimitedLexer extends Lexer {
  private tokens = 0;
  private aliases = 0;
  private parens = 0;
  private depth = 0;
  private previous?: Token;

  constructor(
    source: Source,
    private readonly limits: ParseLimits,
  ) {
    super(source);
  }

  override advance(): Token {
    const token = super.advance();
    const { maxTokens, maxAliases } = this.limits;
    if (token.kind === TokenKind.EOF) return token;
    if (maxTokens && ++this.tokens > maxTokens)
      throw beyond(this.source, token, `The document has more than ${maxTokens} tokens (GRAPHQL_MAX_TOKENS).`);
    if (OPENING.has(token.kind) && ++this.depth > MAX_JSON_DEPTH)
      throw beyond(
        this.source,
        token,
        `The document nests braces, brackets and parentheses more than ${MAX_JSON_DEPTH} levels deep.`,
      );
    if (CLOSING.has(token.kind)) this.depth--;
    if (token.kind === TokenKind.PAREN_L) this.parens++;
    else if (token.kind === TokenKind.PAREN_R) this.parens--;
    else if (token.kind === TokenKind.COLON && this.parens === 0 && this.previous?.kind === TokenKind.NAME)
      if (maxAliases && ++this.aliases > maxAliases)
        throw beyond(
          this.source,
          this.previous,
          `More than ${maxAliases} aliases found. Allowed: ${maxAliases} (GRAPHQL_MAX_ALIASES).`,
        );
    this.previous = token;
    return token;
  }
}

/** The document, or the GraphQLError of its syntax or of the first limit it passes. */
export function parseDocument(text: string, limits: ParseLimits): DocumentNode {
  const source = new Source(text);
  return parse(source, {
    lexer: new LimitedLexer(source, limits),
    ...(limits.maxTokens ? { maxComments: limits.maxTokens } : {}),
  });
}
