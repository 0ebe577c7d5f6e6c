import { ApiErrorSchema, REQUEST_TEXT_CAP } from '@linksmate/proto';
import Type from 'typebox';

const Email = Type.String({ minLength: 3, maxLength: 254 });
const Message = Type.Object({ message: Type.String() });

// Length rules are answered as field errors by the service; the schema only caps what is read.
export const RegisterBody = Type.Object({
  username: Type.String({ maxLength: REQUEST_TEXT_CAP }),
  email: Email,
  password: Type.String({ maxLength: REQUEST_TEXT_CAP }),
  /** Accepted and ignored: every account starts as a member (spec 1 §5). */
  role: Type.Optional(Type.String()),
});

export const RegisterReply = Type.Object({
  message: Type.String(),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String() }),
});

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ maxLength: REQUEST_TEXT_CAP }),
});
export const TokenReply = Type.Object({ token: Type.String() });
export const EmailBody = Type.Object({ email: Email });
export const VerifyQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export const ResetBody = Type.Object({
  token: Type.String({ maxLength: 200 }),
  new_password: Type.String({ maxLength: REQUEST_TEXT_CAP }),
});

export const MessageReply = Message;
export const ErrorReply = ApiErrorSchema;
