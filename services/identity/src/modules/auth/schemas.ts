import { ApiErrorSchema, PASSWORD_MAX_LENGTH, USERNAME } from '@linksmate/proto';
import Type from 'typebox';

const Email = Type.String({ minLength: 3, maxLength: 254 });
const Message = Type.Object({ message: Type.String() });

export const RegisterBody = Type.Object({
  username: Type.String({ maxLength: USERNAME.maxLength }),
  email: Email,
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  /** Accepted and ignored: every account starts as a member (spec 1 §5). */
  role: Type.Optional(Type.String()),
});

export const RegisterReply = Type.Object({
  message: Type.String(),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String() }),
});

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export const TokenReply = Type.Object({ token: Type.String() });
export const EmailBody = Type.Object({ email: Email });
export const VerifyQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export const ResetBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  new_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});

export const MessageReply = Message;
export const ErrorReply = ApiErrorSchema;
